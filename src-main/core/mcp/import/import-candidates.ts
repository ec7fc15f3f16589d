// The servers found in other apps' config files, as the import offers them: what each would run (secrets masked,
// env and header values never shown), the name it would get here, what must be asked first; and, once chosen,
// the server entry Nanotray adds for it (untrusted, sandboxed where the sandbox works).
import { sep } from 'node:path';
import type { ImportCandidate, ImportFileError, ImportNeededValue } from '../../../../src-preload/contract/mcp-import-schemas';
import { maskArgs, maskUrlSecrets } from '../../config/secret-parts';
import type { McpServerInput } from '../mcp-types';
import type { ClientConfigFile } from './client-config-files';
import { readClientConfig, type ForeignServer } from './client-config-read';
import { fillVariables, type PromptedInput, type VariableScope } from './config-variables';
import { readEnvFile } from './env-file';
import { freeServerName } from './server-names';

/** One server found, with what it takes to add it. */
export interface FoundServer {
  candidate: ImportCandidate;
  foreign: ForeignServer;
  file: ClientConfigFile;
  inputs: PromptedInput[];
}

export interface ScanPlaces {
  home: string;
  env: NodeJS.ProcessEnv;
  separator?: string;
}

function transportOf(s: ForeignServer): ImportCandidate['transport'] {
  if (s.type === 'sse') return 'sse';
  return s.url && !s.command ? 'http' : 'stdio';
}

/** The server's fields with every variable filled in from `answers` (Claude Desktop fills in none). */
function filled(found: Pick<FoundServer, 'foreign' | 'file' | 'inputs'>, places: ScanPlaces, answers: Readonly<Record<string, string>>) {
  const missing = new Map<string, ImportNeededValue>();
  const scope: VariableScope = {
    home: places.home,
    env: places.env,
    separator: places.separator ?? sep,
    inputs: found.inputs,
    answers,
    ...(found.file.workspaceFolder ? { workspaceFolder: found.file.workspaceFolder } : {}),
  };
  const fill = found.file.client === 'claude-desktop' ? (t: string) => t : (t: string) => fillVariables(t, scope, missing);
  const s = found.foreign;
  const map = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, fill(v)]));
  // the envFile is read once its path is whole (a variable in it may still have to be asked)
  let fileEnv: Record<string, string> = {};
  let problem: string | undefined;
  if (s.command && s.envFile) {
    const asked = missing.size;
    const path = fill(s.envFile);
    if (missing.size === asked) {
      const read = readEnvFile(path, found.file, s.envFile);
      if (read.ok) fileEnv = read.env;
      else problem = read.problem;
    }
  }
  const server = {
    ...(s.command ? { command: fill(s.command), args: s.args.map(fill), env: { ...fileEnv, ...map(s.env) }, ...(s.cwd ? { cwd: fill(s.cwd) } : {}) } : {}),
    ...(s.url && !s.command ? { url: fill(s.url), headers: map(s.headers) } : {}),
  };
  return { server, missing: [...missing.values()], ...(problem ? { problem } : {}) };
}

/** Reads every file; each server becomes a candidate named apart from `taken` (configured names) and each other. */
export function scanClientConfigs(files: readonly ClientConfigFile[], taken: ReadonlySet<string>, places: ScanPlaces): { found: FoundServer[]; errors: ImportFileError[] } {
  const found: FoundServer[] = [];
  const errors: ImportFileError[] = [];
  const used = new Set(taken);
  for (const file of files) {
    const read = readClientConfig(file);
    if (!read.ok) {
      errors.push(read.error);
      continue;
    }
    if (!read.value) continue;
    const { servers, inputs } = read.value;
    for (const foreign of servers) {
      const suggestedName = freeServerName(foreign.name, used);
      used.add(suggestedName);
      const { server, missing, problem } = filled({ foreign, file, inputs }, places, {});
      const unsupported = foreign.problem ?? problem;
      const candidate: ImportCandidate = {
        id: `${file.client}:${file.scope}:${file.path}#${foreign.name}`,
        client: file.client,
        scope: file.scope,
        file: file.path,
        name: foreign.name,
        suggestedName,
        exists: taken.has(foreign.name),
        transport: transportOf(foreign),
        ...(foreign.command ? { command: foreign.command, args: maskArgs(foreign.args) } : {}),
        ...(foreign.url && !foreign.command ? { url: maskUrlSecrets(foreign.url) } : {}),
        envKeys: 'env' in server && server.env ? Object.keys(server.env) : Object.keys(foreign.env),
        headerKeys: foreign.command ? [] : Object.keys(foreign.headers),
        needs: missing,
        ...(unsupported ? { unsupported } : {}),
      };
      found.push({ candidate, foreign, file, inputs });
    }
  }
  return { found, errors };
}

/**
 * The entry Nanotray adds for a chosen server: never trusted (every call of its tools is asked unless a rule says
 * otherwise), a stdio one in the OS sandbox where it works. Values still missing are returned instead.
 */
export function serverEntryFor(
  found: FoundServer,
  places: ScanPlaces,
  answers: Readonly<Record<string, string>>,
  sandbox: boolean,
): { ok: true; input: McpServerInput } | { ok: false; missing: ImportNeededValue[]; problem?: string } {
  const { server, missing, problem } = filled(found, places, answers);
  if (missing.length || problem) return { ok: false, missing, ...(problem ? { problem } : {}) };
  const common = { trusted: false };
  if ('command' in server && server.command) return { ok: true, input: { ...server, command: server.command, ...common, sandbox } };
  return { ok: true, input: { ...server, url: (server as { url: string }).url, ...common } };
}
