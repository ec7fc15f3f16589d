// Real `nanotray status` / `agent -m` processes on a home whose workspace cannot be one (under /proc, a file): they
// exit at once with a message naming the folder and why, instead of spinning at 100 % CPU in mkdir.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
let home: TempHome | undefined;
afterEach(() => {
  home?.cleanup();
  home = undefined;
});

/** Runs the CLI; a process that spins is killed after a generous limit (then `status` is null and the test fails). */
function cli(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home!.home, NANOTRAY_HOME: home!.home },
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
}

describe('a workspace that cannot be one is refused at start', () => {
  it.each([['status'], ['agent', '-m', 'hi']])('under /proc: `%s` exits with the reason', (...args) => {
    home = makeTempHome({ agent: { workspace: '/proc/self/whatever' } });
    const run = cli(args);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The workspace /proc/self/whatever is under /proc, a folder the kernel makes up');
  });

  it.each([['status'], ['agent', '-m', 'hi']])('a file: `%s` names it as a file, not a raw EEXIST', (...args) => {
    home = makeTempHome();
    const file = join(home.home, 'notes.txt');
    writeFileSync(file, 'mine');
    home.writeConfig({ agent: { workspace: file } });
    const run = cli(args);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The workspace ${file} is a file, not a folder.`);
    expect(run.stderr).not.toContain('EEXIST');
  });
});
