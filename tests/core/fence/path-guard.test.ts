// Hostile paths against the workspace fence: .., absolute, ~, symlinks out (also dangling), sibling prefixes.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isInside, realPathLoose, resolveToolPath } from '../../../src-main/core/fence/path-guard';
import { makeToolFixture, type ToolFixture } from '../tools/tool-context-fixture';

let fx: ToolFixture;
beforeEach(() => {
  fx = makeToolFixture();
  mkdirSync(join(fx.root, 'ws-evil'), { recursive: true });
  writeFileSync(join(fx.root, 'secret.txt'), 'top secret');
  mkdirSync(join(fx.workspace, 'notes'));
  writeFileSync(join(fx.workspace, 'notes', 'a.md'), 'a');
  symlinkSync(join(fx.root, 'secret.txt'), join(fx.workspace, 'link-out'));
  symlinkSync(fx.root, join(fx.workspace, 'dir-link-out'));
  symlinkSync(join(fx.root, 'not-there-yet.txt'), join(fx.workspace, 'dangling-out'));
  symlinkSync(join(fx.workspace, 'notes', 'a.md'), join(fx.workspace, 'link-in'));
});
afterEach(() => fx.cleanup());

const outside = (p: string): string =>
  `Error: Path ${p} is outside the workspace ${fx.workspace}. This is a policy boundary (tools.restrictToWorkspace), ` +
  'not an obstacle to work around: do not try other paths, links or commands to reach it. Work inside the workspace, or ask the user.';

describe('resolveToolPath with restrictToWorkspace', () => {
  const fence = () => ({ workspace: fx.workspace, restrict: true });

  it.each([
    ['notes/a.md', 'notes/a.md'],
    ['./notes/../notes/a.md', 'notes/a.md'],
    ['new/deep/file.txt', 'new/deep/file.txt'],
    ['link-in', 'link-in'],
    ['.', ''],
  ])('allows %s inside the workspace', (input, rel) => {
    expect(resolveToolPath(input, fence())).toEqual({ ok: true, value: join(fx.workspace, rel) });
  });

  it('allows an absolute path inside the workspace', () => {
    const p = join(fx.workspace, 'notes', 'a.md');
    expect(resolveToolPath(p, fence())).toEqual({ ok: true, value: p });
  });

  it.each([
    '../secret.txt',
    'notes/../../secret.txt',
    '..',
    '/etc/passwd',
    '~/.ssh/id_rsa',
    '~',
    'link-out',
    'dir-link-out/secret.txt',
    'dangling-out',
    'dir-link-out/new-file.txt',
  ])('refuses %s', (input) => {
    expect(resolveToolPath(input, fence())).toEqual({ ok: false, error: { code: 'refused', message: outside(input) } });
  });

  it('refuses the sibling /ws-evil although it shares the string prefix /ws', () => {
    const evil = join(fx.root, 'ws-evil', 'x.txt');
    expect(resolveToolPath(evil, fence())).toEqual({ ok: false, error: { code: 'refused', message: outside(evil) } });
    expect(resolveToolPath('../ws-evil/x.txt', fence())).toEqual({ ok: false, error: { code: 'refused', message: outside('../ws-evil/x.txt') } });
  });

  it('allows the extra roots (built-in skills) but nothing next to them', () => {
    const skill = join(fx.skillsDir, 'weather', 'SKILL.md');
    const withSkills = { ...fence(), extraRoots: [fx.skillsDir] };
    expect(resolveToolPath(skill, withSkills)).toEqual({ ok: true, value: skill });
    expect(resolveToolPath(join(fx.root, 'app', 'other.txt'), withSkills).ok).toBe(false);
  });
});

describe('resolveToolPath without restriction', () => {
  it('resolves relative to the workspace and expands ~', () => {
    const fence = { workspace: fx.workspace, restrict: false };
    expect(resolveToolPath('../secret.txt', fence)).toEqual({ ok: true, value: join(fx.root, 'secret.txt') });
    expect(resolveToolPath('~/x', fence)).toEqual({ ok: true, value: join(homedir(), 'x') });
  });
});

describe('realPathLoose', () => {
  it('counts only symlink hops: one hop and 60 missing levels still land outside', () => {
    const deep = join(fx.workspace, 'dir-link-out', ...Array.from({ length: 60 }, (_, i) => `m${i}`), 'x');
    expect(realPathLoose(deep)).toBe(join(fx.root, ...Array.from({ length: 60 }, (_, i) => `m${i}`), 'x'));
  });

  it("resolves a relative link's `..` from the real folder holding it, as the kernel does", () => {
    mkdirSync(join(fx.root, 'elsewhere', 'deep'), { recursive: true });
    symlinkSync(join(fx.root, 'elsewhere', 'deep'), join(fx.workspace, 'via'));
    symlinkSync('../up.txt', join(fx.root, 'elsewhere', 'deep', 'rel'));
    expect(realPathLoose(join(fx.workspace, 'via', 'rel'))).toBe(join(fx.root, 'elsewhere', 'up.txt'));
  });

  it('gives an existing path and a missing one beside it the same real folder (links, `..` after a link)', () => {
    mkdirSync(join(fx.root, 'elsewhere', 'deep'), { recursive: true });
    writeFileSync(join(fx.root, 'elsewhere', 'up.txt'), 'up');
    symlinkSync(join(fx.root, 'elsewhere', 'deep'), join(fx.workspace, 'via'));
    symlinkSync('../up.txt', join(fx.root, 'elsewhere', 'deep', 'rel'));
    expect(realPathLoose(join(fx.workspace, 'via', 'rel'))).toBe(join(fx.root, 'elsewhere', 'up.txt'));
    expect(realPathLoose(`${fx.workspace}/via/../up.txt`)).toBe(join(fx.root, 'elsewhere', 'up.txt'));
    expect(realPathLoose(`${fx.workspace}/via/../not-yet.txt`)).toBe(join(fx.root, 'elsewhere', 'not-yet.txt'));
    expect(realPathLoose(join(fx.workspace, 'link-in'))).toBe(join(fx.workspace, 'notes', 'a.md'));
  });

  it('gives up (undefined) after 40 hops', () => {
    symlinkSync('loop2', join(fx.workspace, 'loop1'));
    symlinkSync('loop1', join(fx.workspace, 'loop2'));
    expect(realPathLoose(join(fx.workspace, 'loop1', 'x'))).toBeUndefined();
  });
});

describe('isInside', () => {
  it.each([
    ['/ws', '/ws', true],
    ['/ws', '/ws/a/b', true],
    ['/ws', '/ws-evil', false],
    ['/ws', '/ws-evil/a', false],
    ['/ws', '/', false],
    ['/ws', '/ws/..x', true],
  ])('isInside(%s, %s) = %s', (root, candidate, expected) => {
    expect(isInside(root, candidate)).toBe(expected);
  });
});
