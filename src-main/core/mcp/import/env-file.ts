// A VS Code server's `envFile`: a dotenv file whose variables the server gets (its own `env` wins). A workspace's
// config may only name a file inside that workspace: a cloned repository must not hand ~/.aws/credentials to the
// server it defines.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
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

/** Opened without waiting (a FIFO put there between two looks) and without following a link put there last. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** The file's text, from what was opened (its size and kind are those of the file read), or why not. */
function readBounded(path: string): { ok: true; text: string } | { ok: false; why: string } {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (err) {
    return { ok: false, why: `could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, why: 'is not a file' };
    if (st.size > MAX_ENV_FILE_BYTES) return { ok: false, why: `is larger than ${MAX_ENV_FILE_BYTES / 1024} KB` };
    const buf = Buffer.alloc(MAX_ENV_FILE_BYTES + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buf.length; length += n) n = readSync(fd, buf, length, buf.length - length, null);
    if (length > MAX_ENV_FILE_BYTES) return { ok: false, why: `is larger than ${MAX_ENV_FILE_BYTES / 1024} KB` };
    return { ok: true, text: buf.subarray(0, length).toString('utf8') };
  } catch (err) {
    return { ok: false, why: `could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The variables of `path` (relative to the workspace, or to the config file's folder), or why they cannot be had.
 * `written` is the path as the config spells it, which is what a problem names: the filled-in path may hold the
 * value of a variable (`${env:TOKEN}`), which is never shown.
 */
export function readEnvFile(path: string, file: ClientConfigFile, written: string = path): EnvFileRead {
  const problem = (why: string): EnvFileRead => ({ ok: false, problem: `its envFile ${written} ${why}` });
  const base = file.workspaceFolder ?? dirname(file.path);
  const full = isAbsolute(path) ? path : resolve(base, path);
  const workspace = file.scope === 'workspace' ? (file.workspaceFolder ?? dirname(dirname(file.path))) : undefined;
  // where it points is checked before anything there is looked at (on Windows a \\host\share path is a connection)
  if (workspace !== undefined && !inside(resolve(workspace), full)) return problem(`lies outside the workspace ${workspace}`);
  let real: string;
  try {
    real = realpathSync(full);
  } catch (err) {
    return problem(`could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (workspace !== undefined) {
    let root: string;
    try {
      root = realpathSync(workspace);
    } catch {
      return problem('could not be checked against its workspace');
    }
    if (!inside(root, real)) return problem(`lies outside the workspace ${root}`);
  }
  const read = readBounded(real);
  if (!read.ok) return problem(read.why);
  if (read.text.includes('\0')) return problem('is not a text file');
  return { ok: true, env: parseEnv(read.text) as Record<string, string> };
}
