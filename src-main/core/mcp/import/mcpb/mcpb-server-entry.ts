// The server entry an installed bundle gets: its manifest's mcp_config for this platform with `${__dirname}`, the
// user folders and `${user_config.KEY}` filled in (a multiple setting spreads over several arguments), the answers
// checked against the settings, and sensitive answers only in the environment, never on the command line.
import { posix, win32 } from 'node:path';
import type { ServiceError } from '../../../lib/core-error';
import { failure } from '../../../lib/core-error';
import { okResult, type Result } from '../../../lib/result';
import type { McpServerInput } from '../../mcp-types';
import { serverConfigFor, type McpbManifest, type McpbSetting } from './mcpb-manifest';

export interface EntryPlaces {
  /** Where the bundle is unpacked (`${__dirname}`). */
  folder: string;
  home: string;
  platform: NodeJS.Platform;
}

type Values = Map<string, string[]>;

const VARIABLE = /\$\{([^}]+)\}/g;

/** The path functions of the platform the server runs on. */
const pathsOf = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

function userFolder(places: EntryPlaces, name: string): string {
  return pathsOf(places.platform).join(places.home, name);
}

/** `${HOME}`, `${DESKTOP}`… as the spec names them. */
function placeVariable(name: string, places: EntryPlaces): string | undefined {
  switch (name) {
    case '__dirname':
      return places.folder;
    case 'HOME':
      return places.home;
    case 'DESKTOP':
      return userFolder(places, 'Desktop');
    case 'DOCUMENTS':
      return userFolder(places, 'Documents');
    case 'DOWNLOADS':
      return userFolder(places, 'Downloads');
    case 'pathSeparator':
    case '/':
      return places.platform === 'win32' ? '\\' : '/';
    default:
      return undefined;
  }
}

function fill(text: string, values: Values, places: EntryPlaces): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (name.startsWith('user_config.')) return (values.get(name.slice(12)) ?? []).join(' ');
    return placeVariable(name, places) ?? whole;
  });
}

/** The answer for one setting (or its default), checked; `[]` for an optional one left empty. */
function valueOf(key: string, s: McpbSetting, given: string | undefined, places: EntryPlaces): Result<string[], ServiceError<'invalid'>> {
  const fallback = s.default === undefined ? undefined : Array.isArray(s.default) ? s.default.join('\n') : String(s.default);
  const raw = (given ?? fallback ?? '').trim() === '' ? undefined : (given ?? fallback)!;
  const label = s.title || key;
  if (raw === undefined) return s.required ? failure('invalid', `"${label}" is required`) : okResult([]);
  const parts = s.multiple ? raw.split('\n').map((p) => p.trim()).filter(Boolean) : [raw];
  const filled = parts.map((p) => fill(p, new Map(), places));
  if (s.type === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) return failure('invalid', `"${label}" must be a number`);
    if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) return failure('invalid', `"${label}" must be between ${s.min ?? '…'} and ${s.max ?? '…'}`);
    return okResult([String(n)]);
  }
  if (s.type === 'boolean') {
    if (!/^(true|false)$/i.test(raw)) return failure('invalid', `"${label}" must be true or false`);
    return okResult([raw.toLowerCase()]);
  }
  if ((s.type === 'directory' || s.type === 'file') && filled.some((p) => !pathsOf(places.platform).isAbsolute(p))) return failure('invalid', `"${label}" must be a full path`);
  return okResult(filled);
}

/** The settings a sensitive value must not reach: the command and its arguments. */
function sensitiveOnCommandLine(manifest: McpbManifest, words: string[]): string | undefined {
  const sensitive = Object.entries(manifest.user_config).filter(([, s]) => s.sensitive).map(([k]) => k);
  return sensitive.find((key) => words.some((w) => w.includes(`\${user_config.${key}}`)));
}

/** The server's entry (stdio, never trusted), or why the answers do not fit the bundle. */
export function bundleServerEntry(manifest: McpbManifest, answers: Readonly<Record<string, string>>, places: EntryPlaces, sandbox: boolean): Result<{ input: McpServerInput; secrets: string[] }, ServiceError<'invalid'>> {
  const config = serverConfigFor(manifest, places.platform);
  const onCommandLine = sensitiveOnCommandLine(manifest, [config.command, ...config.args]);
  if (onCommandLine) {
    return failure('invalid', `the bundle puts its sensitive setting "${onCommandLine}" on the command line, where other programs can read it; Nanotray passes secrets only in the environment`);
  }
  const values: Values = new Map();
  const secrets: string[] = [];
  for (const [key, setting] of Object.entries(manifest.user_config)) {
    const value = valueOf(key, setting, answers[key], places);
    if (!value.ok) return value;
    values.set(key, value.value);
    if (setting.sensitive) secrets.push(...value.value);
  }
  const args = config.args.flatMap((arg) => {
    const whole = /^\$\{user_config\.([^}]+)\}$/.exec(arg);
    return whole ? (values.get(whole[1]!) ?? []) : [fill(arg, values, places)];
  });
  const env = Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, fill(v, values, places)]));
  let command = fill(config.command, values, places);
  // a program inside the bundle (`server/my-server`) is found there, not on PATH
  const paths = pathsOf(places.platform);
  if (!paths.isAbsolute(command) && /[\\/]/.test(command)) command = paths.join(places.folder, command);
  // the spec's binaries are named without `.exe`; Windows needs it
  if (manifest.server.type === 'binary' && places.platform === 'win32' && !/\.exe$/i.test(command)) command = `${command}.exe`;
  return okResult({ input: { command, args, env, cwd: places.folder, trusted: false, sandbox }, secrets });
}
