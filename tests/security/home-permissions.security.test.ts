// A real `nanotray daemon` on a home made loose (0755 folder, 0644 config.json and database): at start
// everything is tightened to owner-only, and the -wal/-shm files SQLite creates are 0600 too.
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../src-main/core/store/sqlite-driver';
import { useCliHarness, type CliChild } from '../host/cli/cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });
let daemon: CliChild | undefined;
afterEach(() => {
  if (daemon && daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill('SIGKILL');
});

async function startDaemon(home: string): Promise<CliChild> {
  const started = t.start(['daemon'], { NANOTRAY_HOME: home, HOME: home });
  // The first spawn after a source change also rebuilds the CLI bundle: allow for it.
  for (let i = 0; i < 600; i++) {
    if (started.stderr().includes('running')) return started;
    if (started.child.exitCode !== null) throw new Error(`daemon exited: ${started.stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`daemon did not start: ${started.stderr()}`);
}

async function stopDaemon(started: CliChild): Promise<void> {
  started.child.kill('SIGTERM');
  await started.exited;
}

const mode = (p: string): string => (statSync(p).mode & 0o777).toString(8);
const FILES = ['config.json', 'nanotray.db', 'nanotray.db-wal', 'nanotray.db-shm'];

describe('the home folder and its database are owner-only', () => {
  it('a fresh home is created 0700 with config.json and nanotray.db, -wal, -shm at 0600', async () => {
    const fresh = join(t.openBare().home, 'new-home');
    daemon = await startDaemon(fresh);
    expect(mode(fresh)).toBe('700');
    for (const f of FILES) expect([f, mode(join(fresh, f))]).toEqual([f, '600']);
    await stopDaemon(daemon);
  });

  it('an existing loose home is tightened at start, -wal and -shm included', async () => {
    const home = t.openBare({ heartbeat: { enable: false } });
    await stopDaemon(await startDaemon(home.home));
    // Another reader keeps -wal and -shm in place (SQLite removes them when the last connection closes).
    const Driver = sqliteDriver();
    const reader = new Driver(join(home.home, 'nanotray.db'));
    try {
      reader.prepare('SELECT count(*) FROM sessions').get();
      chmodSync(home.home, 0o755);
      for (const f of FILES) chmodSync(join(home.home, f), 0o644);
      daemon = await startDaemon(home.home);
      expect(mode(home.home)).toBe('700');
      for (const f of FILES) expect([f, mode(join(home.home, f))]).toEqual([f, '600']);
      await stopDaemon(daemon);
    } finally {
      reader.close();
    }
  });
});
