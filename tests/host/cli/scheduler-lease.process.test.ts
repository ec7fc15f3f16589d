// One scheduler per home with real processes: racing processes get one lock and one claim per due time; two
// daemons and `nanotray web` on one home run a job in one process only, the others name it; the owner killed
// with SIGKILL, another takes over; `cron run` from a third process runs a job once; `cron list | head` is quiet.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { insertCronJob, listCronRuns, setCronJobEnabled } from '../../../src-main/core/store/cron-jobs.repo';
import { ROOT, useCliHarness, type CliChild } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });
const RACER = join(ROOT, 'node_modules', '.cache', 'nanotray-tests', 'lease-racer.mjs');
const children: (ChildProcessWithoutNullStreams | CliChild['child'])[] = [];

beforeAll(async () => {
  await build({
    entryPoints: [join(__dirname, 'helpers', 'lease-racer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: RACER,
    external: ['better-sqlite3', 'better-sqlite3-node20'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'silent',
  });
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(RACER, { force: true }));

/** Waits (polling every 100 ms, at most `ms`) until `check` holds; returns whether it did. */
async function eventually(check: () => boolean, ms = 20_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** `n` racer processes, lined up, then released at once; resolves with what each printed. */
async function race(n: number, args: string[]): Promise<string[]> {
  const racers = Array.from({ length: n }, () => {
    const child = spawn(process.execPath, [RACER, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    return { child, out: () => out.trim() };
  });
  // Every racer has opened the database before any of them is told to go.
  await new Promise((r) => setTimeout(r, 1500));
  for (const r of racers) r.child.stdin.write('go\n');
  expect(await eventually(() => racers.every((r) => r.out() !== ''))).toBe(true);
  return racers.map((r) => r.out());
}

const count = (text: string, needle: string): number => text.split(needle).length - 1;

describe('one scheduler per home (real processes)', () => {
  it('of five processes racing for the lock, one holds it; of five claiming one due time, one runs it', async () => {
    const home = t.open();
    const db = join(home.home, 'nanotray.db');
    openDatabase(db).close();
    const locks = await race(5, ['lock', db, join(home.home, 'scheduler.lock')]);
    expect(locks.sort()).toEqual(['busy', 'busy', 'busy', 'busy', 'held']);
    for (const child of children.splice(0)) child.kill('SIGKILL');

    const claims = await race(5, ['claim', db, '', String(Date.UTC(2026, 0, 1, 9))]);
    expect(claims.filter((c) => c === 'claimed')).toHaveLength(1);
    // The others find it running in a live process (or, once it finished, already run): never a second run.
    expect(claims.filter((c) => c === 'running' || c === 'already_run')).toHaveLength(4);
  }, 40_000);

  it('two daemons and nanotray web: one runs the job, the others name it; SIGKILL the owner and another takes over', async () => {
    t.open({ agent: { timezone: 'UTC' }, heartbeat: { enable: false } });
    t.llm.setFallback({ text: 'pong' });
    const added = await t.run(['cron', 'add', '--message', 'ping', '--every-seconds', '1', '--name', 'ping']);
    expect(added.code).toBe(0);
    const jobId = /id: (\w+)/.exec(added.out)![1]!;
    const appRoot = mkdtempSync(join(t.home.home, 'approot-'));
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html><title>ui</title>');

    const first = t.start(['daemon']);
    children.push(first.child);
    expect(await eventually(() => first.stderr().includes('nanotray daemon: running ('))).toBe(true);
    const second = t.start(['daemon']);
    const web = t.start(['web'], { NANOTRAY_APP_ROOT: appRoot });
    children.push(second.child, web.child);
    const owner = `heartbeat and cron run in nanotray daemon (pid ${first.child.pid})`;
    expect(await eventually(() => second.stderr().includes(`nanotray daemon: waiting: ${owner}; this daemon takes over when it stops`))).toBe(true);
    expect(await eventually(() => web.stderr().includes(`nanotray web: waiting: ${owner}; this host takes over when it stops.`))).toBe(true);
    expect(await eventually(() => count(first.stdout(), "[cron] Cron job 'ping': pong") >= 3)).toBe(true);
    // Only the owner ran the job: no notification (and so no run) in the waiting processes.
    expect(count(second.stdout(), '[cron]') + count(web.stdout(), '[cron]')).toBe(0);

    first.child.kill('SIGKILL');
    const takeover = (c: CliChild, name: string) => c.stderr().includes(`nanotray ${name}: took over heartbeat and cron`);
    expect(await eventually(() => takeover(second, 'daemon') || takeover(web, 'web'), 30_000)).toBe(true);
    const heirIsDaemon = takeover(second, 'daemon');
    // The heir runs the job from now on (a new run appears in the store); the other one still waits.
    const db = openDatabase(join(t.home.home, 'nanotray.db'));
    try {
      const latest = (): number => listCronRuns(db, jobId)[0]?.id ?? 0;
      const before = latest();
      expect(await eventually(() => latest() > before + 1)).toBe(true);
    } finally {
      db.close();
    }
    expect(heirIsDaemon ? takeover(web, 'web') : takeover(second, 'daemon')).toBe(false);
    expect(count(heirIsDaemon ? web.stdout() : second.stdout(), '[cron]')).toBe(0);
  }, 90_000);

  it('a run whose daemon is killed mid-run is recorded: the next owner marks it interrupted and cron list says so', async () => {
    t.open({ agent: { timezone: 'UTC' }, heartbeat: { enable: false } });
    // The model never answers: the run is in progress when its daemon dies.
    t.llm.setFallback({ text: 'never', hang: true });
    const added = await t.run(['cron', 'add', '--message', 'slow report', '--every-seconds', '1', '--name', 'slow']);
    const jobId = /id: (\w+)/.exec(added.out)![1]!;
    const first = t.start(['daemon']);
    children.push(first.child);
    expect(await eventually(() => t.llm.requests.length >= 1)).toBe(true);
    const db = openDatabase(join(t.home.home, 'nanotray.db'));
    try {
      // Recorded when it started, before any answer.
      expect(listCronRuns(db, jobId).map((r) => r.status)).toEqual(['running']);
      first.child.kill('SIGKILL');
      await first.exited;
      // Paused, so the heir only looks at what the dead daemon left (it would otherwise run the job again at once).
      setCronJobEnabled(db, jobId, false);
      const heir = t.start(['daemon']);
      children.push(heir.child);
      expect(await eventually(() => listCronRuns(db, jobId).some((r) => r.status === 'interrupted'), 30_000)).toBe(true);
      const killed = listCronRuns(db, jobId).find((r) => r.status === 'interrupted');
      expect(killed?.error).toBeUndefined();
      heir.child.kill('SIGKILL');
      await heir.exited;
      const listed = await t.spawn(['cron', 'list']);
      expect(listed.out).toContain('last: interrupted');
      expect(listCronRuns(db, jobId).map((r) => r.status)).toEqual(['interrupted']);
    } finally {
      db.close();
    }
  }, 90_000);

  it('`cron run` from a third process runs a job once while a daemon runs the schedule', async () => {
    t.open({ agent: { timezone: 'UTC' }, heartbeat: { enable: false } });
    t.llm.setFallback({ text: 'done' });
    const added = await t.run(['cron', 'add', '--message', 'report', '--every-seconds', '3600', '--name', 'hourly']);
    const id = /id: (\w+)/.exec(added.out)![1]!;
    const daemon = t.start(['daemon']);
    children.push(daemon.child);
    expect(await eventually(() => daemon.stderr().includes('nanotray daemon: running ('))).toBe(true);
    const ran = await t.spawn(['cron', 'run', id]);
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}ok {2}\(\d+ ms\)\n$/);
    const db = openDatabase(join(t.home.home, 'nanotray.db'));
    try {
      expect(listCronRuns(db, id).map((r) => r.status)).toEqual(['ok']);
    } finally {
      db.close();
    }
    expect(count(daemon.stdout(), '[cron]')).toBe(0);
  }, 60_000);

  it('a job added with `nanotray cron add` while the daemon runs is armed by the daemon and runs there', async () => {
    t.open({ agent: { timezone: 'UTC' }, heartbeat: { enable: false } });
    t.llm.setFallback({ text: 'added later' });
    const daemon = t.start(['daemon']);
    children.push(daemon.child);
    expect(await eventually(() => daemon.stderr().includes('nanotray daemon: running (heartbeat disabled; 0 cron job(s))'))).toBe(true);
    expect((await t.run(['cron', 'add', '--message', 'late comer', '--every-seconds', '1', '--name', 'late'])).code).toBe(0);
    expect(await eventually(() => count(daemon.stdout(), "[cron] Cron job 'late': added later") >= 2)).toBe(true);
  }, 60_000);

  it('`nanotray cron list | head -1` ends quietly when the reader goes away (no EPIPE trace)', async () => {
    const home = t.open();
    const db = openDatabase(join(home.home, 'nanotray.db'));
    for (let i = 0; i < 4000; i++) {
      insertCronJob(db, { id: `j${i}`, name: `job number ${i} with a long name`, sessionKey: 'cli:default', message: 'm', schedule: { kind: 'every', everySeconds: 3600 }, createdAt: i });
    }
    db.close();
    const child = t.start(['cron', 'list']);
    child.child.stdout.once('data', () => child.child.stdout.destroy());
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('');
  }, 30_000);
});
