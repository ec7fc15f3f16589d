// A VS Code server's `envFile`: a dotenv file whose variables the server gets (its own `env` wins). A workspace's
// config may only name a file inside that workspace: a cloned repository must not hand ~/.aws/credentials to the
// server it defines.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { ClientConfigFile } from './client-config-files';

/** An env file larger than this is not one. */
const MAX_ENV_FILE_BYTES = 256 * 1024;

export type EnvFileRead = { ok: true; env: Record<string, string> } | { ok: false; problem: string };

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The variables of `path` (relative to the workspace, or to the config file's folder), or why they cannot be had. */
export function readEnvFile(path: string, file: ClientConfigFile): EnvFileRead {
  const problem = (why: string): EnvFileRead => ({ ok: false, problem: `its envFile ${path} ${why}` });
  const full = isAbsolute(path) ? path : resolve(file.workspaceFolder ?? dirname(file.path), path);
  let real: string;
  try {
    real = realpathSync(full);
    const st = statSync(real);
    if (!st.isFile()) return problem('is not a file');
    if (st.size > MAX_ENV_FILE_BYTES) return problem(`is larger than ${MAX_ENV_FILE_BYTES / 1024} KB`);
  } catch (err) {
    return problem(`could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (file.scope === 'workspace') {
    let root: string;
    try {
      root = realpathSync(file.workspaceFolder ?? dirname(dirname(file.path)));
    } catch {
      return problem('could not be checked against its workspace');
    }
    if (!inside(root, real)) return problem(`lies outside the workspace ${root}`);
  }
  let text: string;
  try {
    text = readFileSync(real, 'utf8');
  } catch (err) {
    return problem(`could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (text.includes('\0')) return problem('is not a text file');
  return { ok: true, env: parseEnv(text) as Record<string, string> };
}
