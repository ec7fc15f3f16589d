// Why a file could not be saved, in words that say what happened and what to do (never a temp file's name).
import { existsSync, statSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CoreError } from './core-error';

/**
 * - `disk_full`: no space (or quota) left; `read_only`: the file system is mounted read-only;
 * - `permission`: the user may not write in the folder; `failed`: anything else (the system's code is named).
 */
export type WriteFailureCode = 'disk_full' | 'read_only' | 'permission' | 'failed';

/** A failed save: thrown by the atomic writer, carried across boundaries as `{ code, message }`. */
export class WriteFailure extends Error implements CoreError<WriteFailureCode> {
  constructor(
    readonly code: WriteFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'WriteFailure';
  }
}

/** The nearest folder of `path` that exists (what statfs and the owner check can look at). */
function nearestExistingFolder(path: string): string {
  let dir = dirname(path);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Free space for the user on the file system holding `path`, in KB (undefined when it cannot be read). */
export function freeKilobytes(path: string): number | undefined {
  try {
    const fs = statfsSync(nearestExistingFolder(path));
    return Math.floor((Number(fs.bavail) * Number(fs.bsize)) / 1024);
  } catch {
    return undefined;
  }
}

/** Whose `folder` is, when that explains a refusal: " (it belongs to uid 0; you are uid 1000)" (or ""). */
export function ownerWords(folder: string): string {
  try {
    const owner = statSync(folder).uid;
    const me = process.getuid?.();
    if (me === undefined) return '';
    return owner === me ? ' (it is yours, but its permissions keep you out)' : ` (it belongs to uid ${owner}; you are uid ${me})`;
  } catch {
    return '';
  }
}

/** The system error code of a thrown value (ENOSPC, EACCES, …), if any. */
export function systemCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What a failed write of `path` means, in words: what happened and what to do (each without a final period). */
export interface WriteFailureWords {
  code: WriteFailureCode;
  what: string;
  todo: string;
}

/** The words for `err`, thrown by a file call on `path` (or its temp file, or a folder being made for it). */
export function writeFailureWords(err: unknown, path: string): WriteFailureWords {
  const code = systemCode(err);
  const folder = nearestExistingFolder(path);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT': {
      const free = freeKilobytes(path);
      return { code: 'disk_full', what: `the disk is full${free === undefined ? '' : ` (${free} KB free)`}`, todo: 'free some space and try again' };
    }
    case 'EROFS':
      return { code: 'read_only', what: `${folder} is on a read-only file system`, todo: 'remount it writable or choose another folder' };
    case 'EACCES':
    case 'EPERM':
      return {
        code: 'permission',
        what: `no permission to write in ${folder}${ownerWords(folder)}`,
        todo: `make ${folder} writable for you (chmod u+w, or chown it to your user) and try again`,
      };
    default:
      return { code: 'failed', what: `the system refused the write (${code ?? (err instanceof Error ? err.message : String(err))})`, todo: 'try again' };
  }
}

/** The failure to save `path` that `err` (thrown by a file call on it or its temp file) means. */
export function writeFailureOf(err: unknown, path: string): WriteFailure {
  const words = writeFailureWords(err, path);
  return new WriteFailure(words.code, `Could not save ${path}: ${words.what}. Nothing was changed; ${words.todo}.`);
}
