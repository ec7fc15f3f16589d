// The atomic writer under a short write, a full disk, a read-only or unwritable folder: whole or not at all.
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAll, writeFileAtomic, type WriteIo } from '../../../src-main/core/lib/atomic-write';
import { WriteFailure } from '../../../src-main/core/lib/write-failure';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'nanotray-atomic-'));
  dirs.push(d);
  return d;
}

/** The real fs with `writeSync` replaced: it takes at most `chunk` bytes a call and fails after `budget` bytes. */
function shortWrites(chunk: number, budget = Infinity, errno = 'ENOSPC'): WriteIo {
  let taken = 0;
  return {
    ...fs,
    writeSync(fd, buffer, offset, length) {
      if (taken >= budget) throw Object.assign(new Error(`${errno}: injected`), { code: errno });
      const n = Math.min(chunk, length, budget - taken);
      taken += n;
      return fs.writeSync(fd, buffer, offset, n);
    },
  } as WriteIo;
}

function failureOf(fn: () => void): WriteFailure {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WriteFailure);
    return err as WriteFailure;
  }
  throw new Error('the write did not fail');
}

describe('writeFileAtomic', () => {
  it('writes every byte when each write takes only part (the loop goes on until all is written)', () => {
    const file = join(tempDir(), 'note.md');
    const text = 'x'.repeat(100_000) + 'the end';
    writeFileAtomic(file, text, undefined, shortWrites(4096));
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a short write and then a full disk: the original stays whole, no temp file, a disk_full failure', () => {
    const dir = tempDir();
    const file = join(dir, 'note.md');
    writeFileSync(file, 'the old text');
    const err = failureOf(() => writeFileAtomic(file, 'n'.repeat(150_000), undefined, shortWrites(8192, 8192)));
    expect(err.code).toBe('disk_full');
    expect(err.message).toMatch(/the disk is full \(\d+ KB free\)/);
    expect(err.message).toContain(file);
    expect(err.message).not.toMatch(/\.tmp/);
    expect(readFileSync(file, 'utf8')).toBe('the old text');
    expect(readdirSync(dir)).toEqual(['note.md']);
  });

  it('a write that takes nothing and says nothing is a full disk, not an endless loop', () => {
    const stuck = { writeSync: () => 0 };
    expect(() => writeAll(0, Buffer.from('abc'), stuck)).toThrow(/ENOSPC/);
  });

  it('a read-only file system and a refused folder are named, with what to do; the temp file is never named', () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, '{}');
    const readOnly = failureOf(() => writeFileAtomic(file, '{"a":1}', undefined, shortWrites(1 << 20, 0, 'EROFS')));
    expect(readOnly.code).toBe('read_only');
    expect(readOnly.message).toContain(`${dir} is on a read-only file system`);
    const refused = failureOf(() =>
      writeFileAtomic(file, '{"a":1}', undefined, {
        ...fs,
        openSync: () => {
          throw Object.assign(new Error(`EACCES: permission denied, open '${dir}/.config.json.abc123.tmp'`), { code: 'EACCES' });
        },
      } as WriteIo),
    );
    expect(refused.code).toBe('permission');
    expect(refused.message).toContain(`no permission to write in ${dir}`);
    expect(refused.message).not.toMatch(/\.tmp/);
    expect(readFileSync(file, 'utf8')).toBe('{}');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});
