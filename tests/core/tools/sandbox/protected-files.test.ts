// Protected files by inode: the inodes are taken once per synchronous stretch and seen afresh after it (a config.json
// replaced by a rename, a home protected or released), so a hard link to the new file is caught on the next check.
import { linkSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProtectedInode, isProtectedPath, protectHomeFiles } from '../../../../src-main/core/tools/sandbox/protected-files';

let root: string;
let home: string;
let release: () => void;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-protected-')));
  home = join(root, 'home');
  mkdirSync(home);
  writeFileSync(join(home, 'config.json'), '{"providers":{}}');
  writeFileSync(join(home, 'nanotray.db'), 'db');
  release = protectHomeFiles(home);
});
afterEach(() => {
  release();
  rmSync(root, { recursive: true, force: true });
});

const linkTo = (target: string, name: string): string => {
  const link = join(root, name);
  linkSync(target, link);
  return link;
};

describe('protected files by inode', () => {
  it('catches hard links to config.json and the database', () => {
    expect(isProtectedInode(statSync(linkTo(join(home, 'config.json'), 'a.txt')))).toBe(true);
    expect(isProtectedInode(statSync(linkTo(join(home, 'nanotray.db'), 'b.txt')))).toBe(true);
    writeFileSync(join(root, 'plain.txt'), 'x');
    expect(isProtectedInode(statSync(join(root, 'plain.txt')))).toBe(false);
  });

  it('sees a config.json replaced by a rename (a new inode) once the check that read the old one has ended', async () => {
    expect(isProtectedInode(statSync(join(home, 'config.json')))).toBe(true);
    writeFileSync(join(home, 'config.json.tmp'), '{"providers":{"x":{}}}');
    renameSync(join(home, 'config.json.tmp'), join(home, 'config.json'));
    await Promise.resolve();
    expect(isProtectedInode(statSync(linkTo(join(home, 'config.json'), 'new-link.txt')))).toBe(true);
  });

  it('sees a database file that appears later (the write-ahead log)', async () => {
    writeFileSync(join(root, 'plain.txt'), 'x');
    expect(isProtectedInode(statSync(join(root, 'plain.txt')))).toBe(false);
    writeFileSync(join(home, 'nanotray.db-wal'), 'wal');
    await Promise.resolve();
    expect(isProtectedInode(statSync(linkTo(join(home, 'nanotray.db-wal'), 'wal-link.txt')))).toBe(true);
  });

  it('protects a second home at once and stops when its protection ends, in the same stretch of code', () => {
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'config.json'), '{}');
    const link = linkTo(join(other, 'config.json'), 'other-link.txt');
    expect(isProtectedInode(statSync(link))).toBe(false);
    const releaseOther = protectHomeFiles(other);
    expect(isProtectedInode(statSync(link))).toBe(true);
    expect(isProtectedPath(join(other, 'config.json'))).toBe(true);
    releaseOther();
    expect(isProtectedInode(statSync(link))).toBe(false);
  });
});
