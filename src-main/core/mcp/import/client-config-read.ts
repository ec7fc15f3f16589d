// Reads one app's MCP config file into plain server entries: Claude Desktop and Cursor (`mcpServers`), VS Code
// (`servers`, with `type` and the `inputs` it prompts for). A file that is not there is no error; one that is
// damaged is, named with why.
import { readFileSync, statSync } from 'node:fs';
import type { ImportFileError } from '../../../../src-preload/contract/mcp-import-schemas';
import type { Result } from '../../lib/result';
import { errorMessage, errResult, okResult } from '../../lib/result';
import type { ClientConfigFile } from './client-config-files';
import type { PromptedInput } from './config-variables';
import { parseJsonc } from './jsonc-text';

/** A server as another app wrote it, its fields checked for shape only. */
export interface ForeignServer {
  name: string;
  /** VS Code's `type` (`stdio`, `http`, `sse`); Cursor and Claude Desktop leave it out. */
  type?: string;
  command?: string;
  args: string[];
  env: Record<string, string>;
  /** VS Code's dotenv file of more variables (its `env` wins). */
  envFile?: string;
  cwd?: string;
  url?: string;
  headers: Record<string, string>;
  /** Why the entry cannot be used as it is. */
  problem?: string;
}

export interface ClientConfig {
  servers: ForeignServer[];
  inputs: PromptedInput[];
}

/** A config file larger than this is not an MCP config. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

function stringMap(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) {
    const s = text(value);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

function serverOf(name: string, raw: unknown): ForeignServer {
  if (!isObject(raw)) return { name, args: [], env: {}, headers: {}, problem: 'its entry is not an object' };
  const args = Array.isArray(raw.args) ? raw.args.map(text).filter((a): a is string => a !== undefined) : [];
  const server: ForeignServer = {
    name,
    args,
    env: stringMap(raw.env),
    headers: stringMap(raw.headers),
    ...(typeof raw.type === 'string' ? { type: raw.type } : {}),
    ...(typeof raw.command === 'string' && raw.command.trim() ? { command: raw.command } : {}),
    ...(typeof raw.cwd === 'string' ? { cwd: raw.cwd } : {}),
    ...(typeof raw.envFile === 'string' && raw.envFile.trim() ? { envFile: raw.envFile } : {}),
    ...(typeof raw.url === 'string' ? { url: raw.url } : typeof raw.serverUrl === 'string' ? { url: raw.serverUrl } : {}),
  };
  if (!server.command && !server.url) return { ...server, problem: 'it names neither a command nor a URL' };
  if (server.type && !['stdio', 'http', 'sse'].includes(server.type)) return { ...server, problem: `its type "${server.type}" is not one Nanotray runs` };
  return server;
}

function inputsOf(raw: unknown): PromptedInput[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).flatMap((i) =>
    typeof i.id === 'string'
      ? [{ id: i.id, ...(typeof i.description === 'string' ? { description: i.description } : {}), password: i.password === true, ...(typeof i.default === 'string' ? { default: i.default } : {}) }]
      : [],
  );
}

/** The servers of one file; `undefined` when the file is not there. */
export function readClientConfig(file: ClientConfigFile): Result<ClientConfig | undefined, ImportFileError> {
  const fail = (code: ImportFileError['code'], message: string) => errResult<ImportFileError>({ client: file.client, file: file.path, code, message });
  let raw: string;
  try {
    const st = statSync(file.path);
    if (!st.isFile()) return fail('unreadable', 'it is not a file');
    if (st.size > MAX_CONFIG_BYTES) return fail('unreadable', `it is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MB`);
    raw = readFileSync(file.path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return okResult(undefined);
    return fail('unreadable', `it could not be read (${(err as NodeJS.ErrnoException).code ?? errorMessage(err)})`);
  }
  let parsed: unknown;
  try {
    parsed = parseJsonc(raw);
  } catch (err) {
    return fail('malformed', `it is not valid JSON (${errorMessage(err)})`);
  }
  if (!isObject(parsed)) return fail('malformed', 'it is not a JSON object');
  const key = file.client === 'vscode' ? 'servers' : 'mcpServers';
  const table = parsed[key] ?? (file.client === 'vscode' ? parsed.mcpServers : undefined);
  if (table !== undefined && !isObject(table)) return fail('malformed', `its "${key}" is not an object`);
  const servers = Object.entries(table ?? {}).map(([name, entry]) => serverOf(name, entry));
  return okResult({ servers, inputs: inputsOf(parsed.inputs) });
}
