// Paths that cannot be a workspace are refused before anything is made, with the folder and the reason named.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareWorkspaceFolder } from '../../../src-main/core/config/workspace-folder';
import { createCore } from '../../../src-main/core/nanotray-core';
import { makeTempHome } from '../../helpers/temp-home';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'nanotray-ws-'));
  dirs.push(d);
  return d;
}

describe('prepareWorkspaceFolder', () => {
  it.each(['/proc/self/whatever', '/proc', '/sys/kernel/nanotray', '/dev/nanotray/ws'])('refuses %s (a kernel folder) without making anything', (path) => {
    const result = prepareWorkspaceFolder(path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('system_folder');
    expect(result.error.message).toContain(`The workspace ${path} is under /${path.split('/')[1]}, a folder the kernel makes up`);
    expect(result.error.message).toContain('agent.workspace');
  });

  it('refuses a link into /proc', () => {
    const dir = tempDir();
    symlinkSync('/proc/self', join(dir, 'link'));
    const result = prepareWorkspaceFolder(join(dir, 'link', 'ws'));
    expect(!result.ok && result.error.code).toBe('system_folder');
    expect(!result.ok && result.error.message).toContain('a link into /proc/');
  });

  it('a file, or a file on the way, is named as a file (no raw EEXIST / ENOTDIR)', () => {
    const dir = tempDir();
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'x');
    const itself = prepareWorkspaceFolder(file);
    expect(!itself.ok && itself.error).toEqual({ code: 'not_a_folder', message: expect.stringContaining(`The workspace ${file} is a file, not a folder.`) });
    const below = prepareWorkspaceFolder(join(file, 'ws'));
    expect(!below.ok && below.error.message).toContain(`cannot be made: ${file} is a file, not a folder`);
    expect(!below.ok && below.error.message).not.toMatch(/EEXIST|ENOTDIR/);
  });

  it('a folder that cannot be made says so and why', () => {
    const dir = tempDir();
    const path = join(dir, 'a', 'x'.repeat(300));
    const result = prepareWorkspaceFolder(path);
    expect(!result.ok && result.error.code).toBe('cannot_create');
    expect(!result.ok && result.error.message).toContain(`The workspace ${path} cannot be made: the system refused the write (ENAMETOOLONG)`);
  });

  it('makes missing folders level by level and returns the real path', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'alias'));
    const result = prepareWorkspaceFolder(join(dir, 'alias', 'a', 'b'));
    expect(result.ok && result.value).toBe(join(dir, 'real', 'a', 'b'));
    expect(existsSync(join(dir, 'real', 'a', 'b'))).toBe(true);
  });

  it('settings cannot move the workspace under /proc: refused before config.json is saved', async () => {
    const home = makeTempHome({ heartbeat: { enable: false } });
    dirs.push(home.home);
    const created = createCore({ host: 'test', env: {}, home: home.home });
    if (!created.ok) throw new Error(created.error);
    const before = readFileSync(home.configFile, 'utf8');
    const updated = created.value.updateConfig((raw) => {
      raw.agent = { workspace: '/proc/self/fd' };
    });
    await created.value.dispose();
    expect(!updated.ok && updated.error.code).toBe('invalid');
    expect(!updated.ok && updated.error.message).toContain('The workspace /proc/self/fd is under /proc');
    expect(readFileSync(home.configFile, 'utf8')).toBe(before);
  });
});
