// The one list of files that run as code later: how a path is matched (by component, any depth, any letter case,
// `..` resolved), what the bounded walk finds (nested repositories, a configured hooks folder), the sandbox plan's
// read-only mounts for them, and seatbelt's rules.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooksPathIn, isCodeRunningPath } from '../../../src-main/core/fence/code-running-paths';
import { scanCodeRunning, writesCodeRunning } from '../../../src-main/core/fence/code-running-scan';
import { planSandbox } from '../../../src-main/core/tools/os-sandbox/sandbox-plan';
import { codeRunningRegexes } from '../../../src-main/core/tools/os-sandbox/seatbelt-code-running';
import { seatbeltProfile } from '../../../src-main/core/tools/os-sandbox/seatbelt-profile';

describe('isCodeRunningPath', () => {
  it.each([
    '.git/hooks/pre-commit', '.git/config', 'a/b/.git/hooks', 'sub/.git/modules/lib/config', '.git/worktrees/w/config.worktree',
    '.git', 'sub/.git', '.gitmodules', '.vscode/tasks.json', 'x/.vscode', '.IDEA/a.xml', '.envrc', '.bashrc', '.zshenv',
    '.npmrc', '.yarnrc.yml', '.pnpmfile.cjs', '.venv/lib/python3.12/site-packages/x.pth', 'v/lib/python3/dist-packages/sitecustomize.py',
    '.claude/settings.json', '.husky/_/h', '.pre-commit-config.yaml', 'lefthook.yml', 'mise.toml', '.devcontainer/devcontainer.json',
    'a/../.git/config', '.git/x/../hooks/post-merge', './.vscode./tasks.json', '.envrc ', '/home/u/.bashrc',
  ])('%s runs as code later', (path) => expect(isCodeRunningPath(path)).toBe(true));

  it.each([
    'README.md', 'src/git/hooks.ts', '.git/objects/ab/cdef', '.git/refs/heads/config', '.git/HEAD', '.git/index', 'config',
    'hooks/pre-commit', 'Makefile', 'package.json', '.env', '.nvmrc', '.tool-versions', 'lib/x.pth', '.gitignore',
    '.gitattributes', 'site-packages/pkg/mod.py', '.vscode-notes.md', '.git/hooks/../../README.md',
  ])('%s does not', (path) => expect(isCodeRunningPath(path)).toBe(false));
});

describe('hooksPathIn', () => {
  it('reads core.hooksPath as git does (the last one wins, other sections ignored)', () => {
    expect(hooksPathIn('[core]\n\thooksPath = .githooks\n[alias]\n\thooksPath = no\n[core]\n  hookspath = "tools/hooks"\n')).toBe('tools/hooks');
    expect(hooksPathIn('[remote "origin"]\n\thooksPath = x\n')).toBeUndefined();
  });
});

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-code-')));
  for (const d of ['.git/hooks', 'app/.git', 'app/node_modules/pkg/.git/hooks', '.venv/lib/python3.12/site-packages/pkg', 'deep/a/b/c/.vscode']) {
    mkdirSync(join(root, d), { recursive: true });
  }
  writeFileSync(join(root, '.git', 'config'), '[core]\n\thooksPath = tools/hooks\n');
  writeFileSync(join(root, '.venv/lib/python3.12/site-packages/x.pth'), 'import os');
  writeFileSync(join(root, '.envrc'), 'use nix');
  mkdirSync(join(root, 'elsewhere', '.vscode'), { recursive: true });
  symlinkSync(join(root, 'elsewhere'), join(root, 'linked'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('scanCodeRunning', () => {
  it('finds what exists at any depth, nested repositories and the configured hooks folder, never through a link', () => {
    const scan = scanCodeRunning(root);
    expect(scan.complete).toBe(true);
    expect(scan.gitDirs.sort()).toEqual([join(root, '.git'), join(root, 'app/.git')]);
    expect(scan.entries).toEqual(
      expect.arrayContaining([join(root, '.git/hooks'), join(root, '.git/config'), join(root, '.envrc'), join(root, 'deep/a/b/c/.vscode'), join(root, '.venv/lib/python3.12/site-packages/x.pth')]),
    );
    expect(scan.entries).toContain(join(root, 'elsewhere/.vscode'));
    expect(scan.entries.some((e) => e.includes('node_modules') || e.startsWith(join(root, 'linked')))).toBe(false);
    expect(scan.hooksPaths).toEqual([join(root, 'tools/hooks')]);
  });

  it('stops at its bound and says so', () => {
    expect(scanCodeRunning(root, { maxEntries: 3, maxDepth: 16 }).complete).toBe(false);
  });

  it('the file tools match from the workspace down, the configured hooks folder too', () => {
    const inClaude = join(root, 'home', '.claude', 'ws');
    expect(writesCodeRunning(join(inClaude, 'notes.md'), join(inClaude, 'notes.md'), inClaude)).toBe(false);
    expect(writesCodeRunning(join(root, 'tools/hooks/pre-push'), join(root, 'tools/hooks/pre-push'), root)).toBe(true);
    expect(writesCodeRunning('/elsewhere/.zshrc', '/elsewhere/.zshrc', root)).toBe(true);
  });
});

describe('the sandbox plan and seatbelt', () => {
  it('makes what exists read-only (a missing .git/hooks made first) and names the root for seatbelt', () => {
    rmSync(join(root, 'app/.git/hooks'), { recursive: true, force: true });
    const plan = planSandbox({ workspace: root, cwd: root, nanotrayHome: '', userHome: '/nonexistent' });
    const readOnly = plan.mounts.filter((m) => m.kind === 'read-only' && m.exists).map((m) => m.path);
    expect(readOnly).toEqual(expect.arrayContaining([join(root, '.git/hooks'), join(root, '.git/config'), join(root, 'app/.git/hooks'), join(root, '.envrc')]));
    expect(plan.mounts).toContainEqual({ kind: 'read-only', path: join(root, 'tools/hooks'), exists: false });
    // the folders holding them are mount points too: no rename moves them away
    expect(plan.mounts).toContainEqual({ kind: 'writable', path: join(root, '.git') });
    expect(plan.codeRunningRoot).toBe(root);
    expect(seatbeltProfile(plan)).toContain('(deny file-write* (regex "^');
  });

  it('seatbelt regexes match the list at any depth and in any case, and nothing else', () => {
    const res = codeRunningRegexes('/ws').map((r) => new RegExp(r));
    const denied = (p: string) => res.some((re) => re.test(p));
    for (const p of ['/ws/.git/hooks/pre-commit', '/ws/a/.GIT/Config', '/ws/.vscode', '/ws/x/.VSCode/tasks.json', '/ws/.envrc', '/ws/.git', '/ws/v/lib/python3/site-packages/e.pth', '/ws/.git/worktrees/w/config.worktree']) {
      expect(denied(p), p).toBe(true);
    }
    for (const p of ['/ws/README.md', '/ws/.git/objects/aa/bb', '/ws/.git/index', '/ws/.gitignore', '/other/.envrc', '/ws/.envrc2']) expect(denied(p), p).toBe(false);
  });
});
