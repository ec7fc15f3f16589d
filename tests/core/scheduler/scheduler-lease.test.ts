// The scheduler lease between cores on one home (in one process, as SQLite's locks also keep connections of
// one process apart): one owner arms the timers, the others name it, a takeover keeps the heartbeat's rhythm;
// run claims: one per due time, none while a live process runs it, a dead holder's claim is stale.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { LEASE_RETRY_MS } from '../../../src-main/core/scheduler/scheduler-lease';
import { SUSPEND_CHECK_MS, startSuspendWatch } from '../../../src-main/core/scheduler/suspend-watch';
import { STORE_CHANGE_DEBOUNCE_MS } from '../../../src-main/core/scheduler/store-changes';
import { openDatabase } from '../../../src-main/core/store/db';
import { claimRun } from '../../../src-main/core/store/run-claims.repo';
import { isHolderAlive } from '../../../src-main/core/lib/process-alive';
import type { HostKind } from '../../../src-main/core/lib/host-kind';
import { makeTempHome } from '../../helpers/temp-home';
import { useTempCores } from '../../helpers/temp-cores';
import { FakeClock } from './scheduler-fakes';

const MINUTE = 60_000;
const t = useTempCores();

function open(host: HostKind, clock: FakeClock): Core {
  const created = createCore({ host, home: t.home!.home, env: {}, clock, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  t.cores.push(created.value);
  return created.value;
}

/** Every open core has started its background work: the lease is tried just after createCore (core.started). */
async function started(): Promise<void> {
  await Promise.all(t.cores.map((core) => core.started));
}

describe('scheduler lease', () => {
  it('one core owns heartbeat and cron; the others name it, arm no timer, and show its due times', async () => {
    t.home = makeTempHome({ heartbeat: { enable: true, intervalMinutes: 30 } });
    const clock = new FakeClock();
    const daemon = open('daemon', clock);
    const web = open('web', clock);
    const app = open('electron', clock);
    await started();
    const job = daemon.cron.add({ sessionKey: 's:1', message: 'hourly', every_seconds: 3600 });
    if (!job.ok) throw new Error(job.error.message);
    const heartbeatDue = clock.now() + 30 * MINUTE;
    expect(daemon.scheduler.owner()).toMatchObject({ here: true, host: 'daemon', label: 'nanotray daemon', pid: process.pid });
    expect(daemon.heartbeat.status()).toMatchObject({ state: 'idle', nextRunAt: heartbeatDue });
    for (const other of [web, app]) {
      expect(other.scheduler.owner()).toMatchObject({ here: false, host: 'daemon', label: 'nanotray daemon', pid: process.pid });
      expect(other.heartbeat.status()).toMatchObject({ state: 'idle', nextRunAt: heartbeatDue, runsIn: { here: false, label: 'nanotray daemon' } });
      expect(other.cron.status().started).toBe(false);
      expect(other.cron.list()[0]!.nextRunAt).toBe(clock.now() + 3600_000);
    }
    // Paused anywhere: paused everywhere, and nothing due.
    web.heartbeat.pause();
    expect(app.heartbeat.status()).toMatchObject({ state: 'paused', nextRunAt: null });
  });

  it('when the owner stops, another takes over at its next try and keeps the heartbeat rhythm', async () => {
    t.home = makeTempHome({ heartbeat: { enable: true, intervalMinutes: 30 } });
    const clock = new FakeClock();
    const first = open('electron', clock);
    const second = open('daemon', clock);
    await started();
    await first.heartbeat.runNow(); // a tick at T0 (skipped: no tasks), recorded in the shared store
    await clock.advanceSettled(5 * MINUTE);
    await t.cores.shift()!.dispose();
    expect(second.scheduler.owner()).toBeUndefined();
    await clock.advanceSettled(LEASE_RETRY_MS);
    expect(second.scheduler.owner()).toMatchObject({ here: true, host: 'daemon' });
    expect(second.cron.status().started).toBe(true);
    // The last tick was at T0: the next one stays at T0 + 30 min, not 30 min after the takeover.
    expect(second.heartbeat.status().nextRunAt).toBe(second.heartbeat.status().lastRun!.startedAt + 30 * MINUTE);
  });

  it('a standby wakes only to try the lease; the owner sleeps until its own due times', async () => {
    t.home = makeTempHome({ heartbeat: { enable: false } });
    const ownerClock = new FakeClock();
    const standbyClock = new FakeClock();
    const owner = open('daemon', ownerClock);
    open('web', standbyClock);
    await started();
    expect(owner.cron.add({ sessionKey: 's:1', message: 'hourly', every_seconds: 3600 }).ok).toBe(true);
    // Its own write is seen in the folder watch: one look a second later (it finds no change from elsewhere).
    await vi.waitFor(() => expect(ownerClock.countTimers(STORE_CHANGE_DEBOUNCE_MS)).toBe(1));
    await ownerClock.advanceSettled(59 * MINUTE);
    await standbyClock.advanceSettled(MINUTE);
    // Besides that, only the suspend check (every 5 minutes) and the daily backup's first look (a minute after it took
    // the lease; then hourly) woke the owner before the job's hour.
    expect(ownerClock.fired).toBe(1 + Math.floor((59 * MINUTE) / SUSPEND_CHECK_MS) + 1);
    expect(standbyClock.fired).toBe(MINUTE / LEASE_RETRY_MS);
  });
});

describe('changes made in another process', () => {
  it('a job added and the heartbeat paused in a waiting process reach the owner\'s timers', async () => {
    t.home = makeTempHome({ heartbeat: { enable: true, intervalMinutes: 30 } });
    const ownerClock = new FakeClock();
    const owner = open('daemon', ownerClock);
    const web = open('web', new FakeClock());
    await started();
    const runs: string[] = [];
    owner.events.on((e) => e.type === 'cron.changed' && runs.push('changed'));
    const added = web.cron.add({ sessionKey: 's:1', message: 'from the browser', every_seconds: 600 });
    if (!added.ok) throw new Error(added.error.message);
    // The owner hears of the write through the folder watch, looks once after a second, and arms the job.
    await vi.waitFor(() => expect(ownerClock.countTimers(STORE_CHANGE_DEBOUNCE_MS)).toBe(1));
    await ownerClock.advanceSettled(STORE_CHANGE_DEBOUNCE_MS);
    expect(owner.cron.list().find((j) => j.id === added.value.id)?.nextRunAt).not.toBeNull();
    expect(runs.length).toBeGreaterThan(0);

    expect(owner.heartbeat.status().nextRunAt).not.toBeNull();
    web.heartbeat.pause();
    expect(owner.heartbeat.status()).toMatchObject({ paused: true, state: 'paused' });
    await vi.waitFor(() => expect(ownerClock.countTimers(STORE_CHANGE_DEBOUNCE_MS)).toBe(1));
    await ownerClock.advanceSettled(STORE_CHANGE_DEBOUNCE_MS);
    expect(owner.heartbeat.status().nextRunAt).toBeNull();
    web.heartbeat.resume();
    await vi.waitFor(() => expect(ownerClock.countTimers(STORE_CHANGE_DEBOUNCE_MS)).toBe(1));
    await ownerClock.advanceSettled(STORE_CHANGE_DEBOUNCE_MS);
    expect(owner.heartbeat.status().nextRunAt).toBe(ownerClock.now() + 30 * MINUTE);
  });
});

describe('suspend watch', () => {
  it('calls back once when the wall clock ran ahead of monotonic time (the machine slept)', () => {
    const clock = new FakeClock();
    let jumps = 0;
    const stop = startSuspendWatch(clock, () => jumps++);
    clock.advance(SUSPEND_CHECK_MS * 3);
    expect(jumps).toBe(0);
    clock.suspend(2 * 60 * MINUTE);
    clock.advance(SUSPEND_CHECK_MS);
    expect(jumps).toBe(1);
    clock.advance(SUSPEND_CHECK_MS * 3);
    expect(jumps).toBe(1);
    stop();
    expect(clock.pending).toBe(0);
  });
});

describe('run claims', () => {
  const me = { holderId: 'me', pid: process.pid, hostname: hostname() };
  const other = { holderId: 'other', pid: process.pid, hostname: hostname() };
  const claim = (db: ReturnType<typeof openDatabase>, holder: typeof me, dueAt: number | undefined) =>
    claimRun(db, { key: 'cron:j1', dueAt, holder, now: 1, isAlive: isHolderAlive });

  it('a due time is claimed once; a run in a live process is not started again; a manual run serves no due time', () => {
    const db = openDatabase(':memory:');
    expect(claim(db, me, 1000)).toBe('claimed');
    expect(claim(db, other, 1000)).toBe('running');
    expect(claim(db, other, 2000)).toBe('running');
    db.prepare("UPDATE run_claims SET holder_id = NULL, holder_pid = NULL, holder_host = NULL").run();
    expect(claim(db, other, 1000)).toBe('already_run');
    expect(claim(db, other, undefined)).toBe('claimed');
    db.close();
  });

  it('the claim of a process that died is stale', () => {
    const db = openDatabase(':memory:');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const dead = { holderId: 'dead', pid: Number(gone.stdout), hostname: hostname() };
    expect(isHolderAlive(dead)).toBe(false);
    expect(claim(db, dead, 1000)).toBe('claimed');
    expect(claim(db, me, 2000)).toBe('claimed');
    expect(isHolderAlive({ ...me, hostname: 'another-machine' })).toBe(false);
    db.close();
  });
});
