// The login shell's PATH for an app started from the Dock or a desktop entry: read between marks (startup files may
// print anything), merged in front of the bare PATH once each, bounded in time, and not asked from a terminal.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptLoginShellPath, mergePaths, needsLoginPath, pathFromOutput, readLoginShellPath } from '../../src-main/shell/login-path';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A "login shell" that prints a banner, then runs the command it is given with a PATH of its own. */
function fakeShell(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-shell-'));
  dirs.push(dir);
  const file = join(dir, 'fake-zsh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('the login shell PATH', () => {
  it('is asked on macOS and from a Linux desktop entry, never from a terminal or on Windows', () => {
    const env = { SHELL: '/bin/zsh', PATH: '/usr/bin:/bin' };
    expect(needsLoginPath({ platform: 'darwin', env, fromTerminal: false })).toBe(true);
    expect(needsLoginPath({ platform: 'linux', env, fromTerminal: false })).toBe(true);
    expect(needsLoginPath({ platform: 'darwin', env, fromTerminal: true })).toBe(false);
    expect(needsLoginPath({ platform: 'win32', env, fromTerminal: false })).toBe(false);
  });

  it('reads the PATH between the marks, whatever the startup files print', async () => {
    const shell = fakeShell(`echo "Welcome to your shell"\nPATH=/opt/homebrew/bin:/Users/ada/.nvm/versions/node/v22/bin:/usr/bin\nexport PATH\nshift\neval "$1"\necho "bye"`);
    expect(await readLoginShellPath(shell, { PATH: '/usr/bin:/bin' })).toBe('/opt/homebrew/bin:/Users/ada/.nvm/versions/node/v22/bin:/usr/bin');
    expect(pathFromOutput('noise only')).toBeUndefined();
  });

  it('gives up after its time (a shell that hangs), leaving PATH as it was', async () => {
    const shell = fakeShell('exec sleep 30');
    expect(await readLoginShellPath(shell, {}, 300)).toBeUndefined();
  });

  it('puts the login entries first, each once, and sets PATH', async () => {
    expect(mergePaths('/opt/homebrew/bin:/usr/bin', '/usr/bin:/bin:/usr/sbin')).toBe('/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin');
    const shell = fakeShell('PATH=/opt/homebrew/bin:/usr/bin; export PATH; shift; eval "$1"');
    const target: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin' };
    expect(await adoptLoginShellPath({ platform: 'darwin', env: { SHELL: shell, PATH: '/usr/bin:/bin' }, fromTerminal: false }, target)).toBe(true);
    expect(target.PATH).toBe('/opt/homebrew/bin:/usr/bin:/bin');
  });
});
