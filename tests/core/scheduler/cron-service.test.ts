// The cron service with a fake runner: runs as turns in the job's session, errors pause, at jobs, restarts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { CronService } from '../../../src-main/core/scheduler/cron-service';
import { listCronJobs, listCronRuns, startCronRun } from '../../../src-main/core/store/cron-jobs.repo';
import { hostname } from 'node:os';
import { systemClock } from '../../../src-main/core/lib/clock';
import { FakeRunner, flush } from './scheduler-fakes';

let db: Database;
let runner: FakeRunner;
let events: CoreEvent[];
const services: CronService[] = [];
const config = configSchema.parse({ agent: { timezone: 'UTC' } });

function cron(): CronService {
  const s = new CronService({ db, clock: systemClock, runner, emit: (e) => events.push(e), config: () => config });
  services.push(s);
  return s;
}

const notes = () => events.filter((e): e is Extract<CoreEvent, { type: 'notify' }> => e.type === 'notify');

beforeEach(() => {
  db = openDatabase(':memory:');
  runner = new FakeRunner(db);
  events = [];
});

afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
  db.close();
});

describe('CronService', () => {
  it('a run is a non-interactive cron turn in a session of its own (not the chat it came from), answered there and notified', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 'desktop:abc', message: 'Remind me to stretch', every_seconds: 3600 });
    expect(job.ok).toBe(true);
    if (!job.ok) return;
    runner.replies.push({ text: 'Time to stretch!' });
    const run = await service.runJobNow(job.value.id);
    expect(run).toMatchObject({ ok: true, value: { status: 'ok', late: false } });
    const runSession = `cron:${job.value.id}`;
    expect(runner.requests[0]).toMatchObject({ sessionKey: runSession, interactive: false, source: 'cron', inCronRun: true });
    expect(runner.requests[0]!.text).toBe("[Scheduled job 'Remind me to stretch'] Remind me to stretch");
    expect(notes()).toEqual([
      {
        type: 'notify',
        title: "Cron job 'Remind me to stretch'",
        body: 'Time to stretch!',
        text: { title: { key: 'notify.cronRan', values: { job: 'Remind me to stretch' } } },
        sessionKey: runSession,
        kind: 'cron',
      },
    ]);
    const stored = db.prepare('SELECT content FROM messages WHERE session_key = ? AND role = ?').all(runSession, 'assistant');
    expect(stored).toEqual([{ content: 'Time to stretch!' }]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM messages WHERE session_key = 'desktop:abc'").get()).toEqual({ n: 0 });
    expect(listCronJobs(db)[0]).toMatchObject({ lastStatus: 'ok', consecutiveErrors: 0 });
    expect(events.some((e) => e.type === 'cron.changed')).toBe(true);
  });

  it('names default to the first 30 characters of the message', () => {
    const added = cron().add({ sessionKey: 's:1', message: 'Check the mailbox for the parcel from Berlin', every_seconds: 60 });
    expect(added.ok && added.value.name).toBe('Check the mailbox for the parc');
  });

  it('three errors in a row pause the job and notify the user', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'fetch', name: 'fetcher', every_seconds: 60 });
    if (!job.ok) throw new Error(job.error.message);
    service.start();
    for (let i = 0; i < 3; i++) runner.replies.push({ text: '', error: `Provider error ${i}` });
    for (let i = 0; i < 3; i++) await service.runJobNow(job.value.id);
    const stored = listCronJobs(db)[0]!;
    expect(stored).toMatchObject({ enabled: false, consecutiveErrors: 3, lastStatus: 'error', lastError: 'Provider error 2' });
    expect(notes().at(-1)).toMatchObject({
      title: "Cron job 'fetcher' paused",
      body: '3 errors in a row; the last one: Provider error 2. Resume it from the runtime panel once fixed.',
      kind: 'error',
    });
    expect(service.list()[0]!.nextRunAt).toBeNull();
    // Resuming clears the streak.
    const resumed = await service.setEnabled(job.value.id, true);
    expect(resumed).toMatchObject({ ok: true, value: { enabled: true, consecutiveErrors: 0 } });
  });

  it('a success resets the error streak', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'x', every_seconds: 60 });
    if (!job.ok) throw new Error(job.error.message);
    runner.replies.push({ text: '', error: 'e1' }, { text: '', error: 'e2' }, { text: 'fine' }, { text: '', error: 'e3' });
    for (let i = 0; i < 4; i++) await service.runJobNow(job.value.id);
    expect(listCronJobs(db)[0]).toMatchObject({ enabled: true, consecutiveErrors: 1 });
    expect(notes().filter((n) => n.title === "Cron job 'x' failed")).toHaveLength(3);
  });

  it('keeps the last 20 runs per job', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'x', every_seconds: 60 });
    if (!job.ok) throw new Error(job.error.message);
    for (let i = 0; i < 25; i++) await service.runJobNow(job.value.id);
    expect(listCronRuns(db, job.value.id, 100)).toHaveLength(20);
  });

  it('an at job is deleted after it runs', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'once', at: '2099-01-01T00:00:00' });
    if (!job.ok) throw new Error(job.error.message);
    await service.runJobNow(job.value.id);
    expect(listCronJobs(db)).toEqual([]);
    expect(listCronRuns(db, job.value.id)).toHaveLength(1);
  });

  it('on start, an at job whose time passed runs once, marked late, then is deleted', async () => {
    const offline = cron();
    const job = offline.add({ sessionKey: 'desktop:x', message: 'Pay the rent', at: '2020-01-01T09:00:00' });
    if (!job.ok) throw new Error(job.error.message);
    expect(runner.requests).toHaveLength(0); // not started: nothing runs
    await offline.stop();

    const restarted = cron();
    restarted.start();
    await flush();
    expect(runner.requests).toHaveLength(1);
    expect(runner.requests[0]!.sessionKey).toBe(`cron:${job.value.id}`);
    expect(listCronRuns(db, job.value.id)).toEqual([expect.objectContaining({ status: 'ok', late: true })]);
    expect(notes()[0]).toMatchObject({ title: "Cron job 'Pay the rent' (late)", kind: 'cron' });
    expect(listCronJobs(db)).toEqual([]);
    await restarted.stop();
    cron().start();
    await flush();
    expect(runner.requests).toHaveLength(1);
  });

  it('on start, a recurring job is rescheduled from now, not replayed', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'hourly', every_seconds: 3600 });
    if (!job.ok) throw new Error(job.error.message);
    db.prepare('UPDATE cron_jobs SET last_run_at = ?, created_at = ? WHERE id = ?').run(0, 0, job.value.id);
    const before = Date.now();
    service.start();
    await flush();
    expect(runner.requests).toHaveLength(0);
    const next = service.list()[0]!.nextRunAt!;
    expect(next).toBeGreaterThanOrEqual(before + 3600_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 3601_000);
  });

  it('remove deletes the job; an unknown id is an error', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'x', cron_expr: '0 9 * * *' });
    if (!job.ok) throw new Error(job.error.message);
    expect(await service.remove(job.value.id)).toEqual({ ok: true, value: undefined });
    expect(await service.remove(job.value.id)).toEqual({ ok: false, error: { code: 'not_found', message: `Error: job '${job.value.id}' not found` } });
  });

  it('status lists jobs with their next run when started', () => {
    const service = cron();
    service.start();
    service.add({ sessionKey: 's:1', message: 'daily', cron_expr: '0 9 * * *', tz: 'UTC' });
    const status = service.status();
    expect(status.started).toBe(true);
    expect(status.jobs[0]).toMatchObject({ scheduleText: "cron '0 9 * * *' (UTC)", enabled: true, running: false });
    const next = new Date(status.jobs[0]!.nextRunAt!);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([9, 0]);
  });
});

describe('cron runs across a crash', () => {
  it('a run is recorded as running when it starts, and as stopped when it is cancelled', async () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'long', every_seconds: 3600 });
    if (!job.ok) throw new Error(job.error.message);
    let seenWhileRunning: string | undefined;
    runner.replies.push(async (req) => {
      seenWhileRunning = listCronRuns(db, job.value.id)[0]?.status;
      return { turnId: 't', stopReason: 'cancelled', text: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } };
    });
    const run = await service.runJobNow(job.value.id);
    expect(seenWhileRunning).toBe('running');
    expect(run).toMatchObject({ ok: true, value: { status: 'stopped' } });
    expect(listCronJobs(db)[0]).toMatchObject({ lastStatus: 'stopped' });
  });

  it('a run left running by a dead process is marked interrupted; one of a live process or of this one is not', () => {
    const service = cron();
    const job = service.add({ sessionKey: 's:1', message: 'x', every_seconds: 3600 });
    if (!job.ok) throw new Error(job.error.message);
    const dead = startCronRun(db, { jobId: job.value.id, startedAt: 1, late: false, holder: { holderId: 'gone', pid: 2 ** 22 + 7, hostname: hostname() } });
    const alive = startCronRun(db, { jobId: job.value.id, startedAt: 2, late: false, holder: { holderId: 'other', pid: process.pid, hostname: hostname() } });
    expect(service.markInterrupted()).toBe(1);
    const runs = listCronRuns(db, job.value.id);
    expect(runs.find((r) => r.id === dead)).toMatchObject({ status: 'interrupted' });
    expect(runs.find((r) => r.id === dead)?.error).toBeUndefined();
    expect(runs.find((r) => r.id === alive)).toMatchObject({ status: 'running' });
    // The job's last status is its newest run's: still running.
    expect(listCronJobs(db)[0]).toMatchObject({ lastStatus: 'running' });
  });
});
