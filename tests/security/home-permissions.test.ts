// A real `nanotray daemon` on a home made loose (0755 folder, 0644 config.json and database): at start
// everything is tightened to owner-only, and the -wal/-shm files SQLite creates are 0600 too.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
let home: TempHome | undefined;
let daemon: ChildProcess | undefined;
afterEach(() => {
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) daemon.kill('SIGKILL');
  home?.cleanup();
});

function startDaemon(nanotrayHome: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'daemon'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: nanotrayHome, NANOTRAY_HOME: nanotrayHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((r, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      if (err.includes('running')) r(child);
    });
    child.once('exit', (code) => reject(new Error(`daemon exited ${code}: ${err}`)));
  });
}

function stopDaemon(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

const mode = (p: string): string => (statSync(p).mode & 0o777).toString(8);

describe('the home folder and its database are owner-only', () => {
  it('a fresh home is created 0700 with config.json and nanotray.db, -wal, -shm at 0600', async () => {
    home = makeTempHome();
    const fresh = join(home.home, 'new-home');
    daemon = await startDaemon(fresh);
    expect(mode(fresh)).toBe('700');
    for (const f of ['config.json', 'nanotray.db', 'nanotray.db-wal', 'nanotray.db-shm']) expect([f, mode(join(fresh, f))]).toEqual([f, '600']);
    await stopDaemon(daemon);
  });

  it('an existing loose home is tightened at start', async () => {
    home = makeTempHome({ heartbeat: { enable: false } });
    daemon = await startDaemon(home.home);
    await stopDaemon(daemon);
    expect(existsSync(join(home.home, 'nanotray.db'))).toBe(true);
    chmodSync(home.home, 0o755);
    chmodSync(home.configFile, 0o644);
    chmodSync(join(home.home, 'nanotray.db'), 0o644);
    daemon = await startDaemon(home.home);
    expect(mode(home.home)).toBe('700');
    for (const f of ['config.json', 'nanotray.db', 'nanotray.db-wal', 'nanotray.db-shm']) expect([f, mode(join(home.home, f))]).toEqual([f, '600']);
    await stopDaemon(daemon);
  });
});
