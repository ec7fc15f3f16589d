// Atomic file writes: temp file in the same folder, every byte written, fsync, rename; a failure leaves the original.
import * as nodeFs from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WriteFailure, writeFailureOf } from './write-failure';

/** The file calls the writer makes; tests pass a fake to inject short writes and full disks. */
export interface WriteIo {
  mkdirSync(path: string, opts: { recursive: true }): unknown;
  openSync(path: string, flags: string | number, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, opts: { force: true }): void;
}

const realIo: WriteIo = nodeFs;

/**
 * Writes all of `bytes` to `fd`, looping over short writes (a write near a full disk may take only part);
 * throws what `writeSync` throws, and never returns before the last byte is written.
 */
export function writeAll(fd: number, bytes: Uint8Array, io: Pick<WriteIo, 'writeSync'> = realIo): void {
  let offset = 0;
  let stalled = 0;
  while (offset < bytes.length) {
    const written = io.writeSync(fd, bytes, offset, bytes.length - offset);
    if (written > 0) {
      offset += written;
      stalled = 0;
    } else if (++stalled > 3) {
      // A file system that takes nothing again and again without an error is as good as full.
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
  }
}

/**
 * Replaces `path` with `content` whole or not at all. On any failure the temp file is removed, the original
 * is left as it was, and a {@link WriteFailure} (code `disk_full` / `read_only` / `permission` / `failed`,
 * a message naming `path` and what to do) is thrown.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode?: number, io: WriteIo = realIo): void {
  const folder = dirname(path);
  const tmp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let created = false;
  try {
    io.mkdirSync(folder, { recursive: true });
    const fd = io.openSync(tmp, 'wx', mode);
    created = true;
    try {
      writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content, io);
      io.fsyncSync(fd);
    } finally {
      io.closeSync(fd);
    }
    io.renameSync(tmp, path);
  } catch (err) {
    if (created) {
      try {
        io.rmSync(tmp, { force: true });
      } catch {
        // nothing more can be done; the failure below is what the caller must hear
      }
    }
    throw err instanceof WriteFailure ? err : writeFailureOf(err, path);
  }
}
