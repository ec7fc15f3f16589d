// Protected files by inode: the inodes are taken once per synchronous stretch and seen afresh after it (a config.json
// replaced by a rename, a home protected or released), so a hard link to the new file is caught on the next check.
import { linkSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { NANOTRAY_HOME_ENTRY, resolveHomePaths } from '../../../src-main/core/config/home-paths';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProtectedInode, isProtectedPath, protectHomeFiles } from '../../../src-main/core/fence/protected-files';

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

describe('the home as a whole, the workspace its one hole', () => {
  const inHome = (...p: string[]) => join(home, ...p);

  it('protects everything in the home but a workspace inside it', () => {
    const releaseWs = protectHomeFiles(home, () => inHome('workspace'));
    try {
      for (const p of [inHome('run', 'web-host.json'), inHome('mcp-auth.json'), inHome('logs', 'a.log'), inHome('something-new'), inHome('workspace-evil', 'x')]) {
        expect(isProtectedPath(p), p).toBe(true);
      }
      expect(isProtectedPath(inHome('workspace', 'notes.md'))).toBe(false);
      expect(isProtectedPath(home)).toBe(false);
    } finally {
      releaseWs();
    }
  });

  it('when the workspace is the home, protects Nanotray\'s own entries by name and leaves the rest to the workspace', () => {
    release();
    release = protectHomeFiles(home, () => home);
    for (const p of [inHome('run', 'web-host.json'), inHome('mcp-auth.json'), inHome('.config.json.1a2b.tmp'), inHome('cache', 'front-matter.json'), inHome('backups', 'x'), inHome('nanotray.db-wal')]) {
      expect(isProtectedPath(p), p).toBe(true);
    }
    expect(isProtectedPath(inHome('AGENTS.md'))).toBe(false);
    expect(isProtectedPath(inHome('memory', 'MEMORY.md'))).toBe(false);
  });

  it('when the workspace contains the home, protects the home whole', () => {
    release();
    release = protectHomeFiles(home, () => root);
    expect(isProtectedPath(inHome('something-new'))).toBe(true);
    expect(isProtectedPath(join(root, 'elsewhere.txt'))).toBe(false);
  });

  it('every path Nanotray keeps in its home (but the workspace) is one of the entries it names', () => {
    const paths = resolveHomePaths({ NANOTRAY_HOME: home });
    for (const [key, path] of Object.entries(paths)) {
      if (key === 'home' || key === 'defaultWorkspace') continue;
      expect(NANOTRAY_HOME_ENTRY.test(relative(home, path).split(sep)[0]!), key).toBe(true);
    }
  });
});
