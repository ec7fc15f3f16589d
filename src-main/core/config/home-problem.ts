// Why Nanotray cannot use its home at start, in words: a full disk, a read-only file system or a folder the user
// may not use — instead of SQLite's "disk I/O error" / "unable to open database file" or a temp file's name.
import { accessSync, constants } from 'node:fs';
import { freeKilobytes, ownerWords, systemCode, WriteFailure } from '../lib/write-failure';

/** Below this much free space, SQLite's I/O errors at start are a full disk (it needs room for the WAL and -shm). */
const LOW_SPACE_KB = 1024;

/** The system code each kind of write failure stands for. */
const WRITE_CODES = { disk_full: 'ENOSPC', read_only: 'EROFS', permission: 'EACCES', failed: '' } as const;

/** What the system says about using `home` (read, write, enter): undefined when it may be used. */
function homeAccessCode(home: string): string | undefined {
  try {
    accessSync(home, constants.R_OK | constants.W_OK | constants.X_OK);
    return undefined;
  } catch (err) {
    return systemCode(err) ?? 'EACCES';
  }
}

/**
 * The message for `err`, thrown while making the home, writing or reading config.json, or opening nanotray.db in
 * `home`: what happened and what to do; undefined when the home is not the problem (the caller's words then).
 */
export function homeProblemMessage(err: unknown, home: string): string | undefined {
  if (err instanceof WriteFailure && err.code === 'failed') return undefined;
  const code = err instanceof WriteFailure ? WRITE_CODES[err.code] : (systemCode(err) ?? '');
  const access = homeAccessCode(home);
  const free = freeKilobytes(`${home}/.`);
  const lowSpace = free !== undefined && free < LOW_SPACE_KB;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || (code.startsWith('SQLITE_IOERR') && lowSpace)) {
    return `Nanotray cannot start: the disk holding ${home} is full (${free ?? 0} KB free). Free some space and start it again.`;
  }
  if (code === 'EROFS' || access === 'EROFS') {
    return `Nanotray cannot start: ${home} is on a read-only file system. Remount it writable, or set NANOTRAY_HOME to a folder you can write.`;
  }
  if (code === 'EACCES' || code === 'EPERM' || access === 'EACCES' || access === 'EPERM') {
    return `Nanotray cannot start: you may not read and write ${home}${ownerWords(home)}. Give it back to your user (e.g. sudo chown -R $USER ${home}), or set NANOTRAY_HOME to a folder of your own.`;
  }
  return undefined;
}
