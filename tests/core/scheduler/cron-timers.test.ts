// Cron timers on the one fake clock: every job sleeps until its own due time (counted wake-ups), every-N and
// cron patterns fire on time, `at` once, long delays in chunks, overlap skipped, a sleep of the machine caught up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { CronService } from '../../../src-main/core/scheduler/cron-service';
import { MAX_TIMER_MS } from '../../../src-main/core/scheduler/due-timer';
import { listCronJobs, listCronRuns } from '../../../src-main/core/store/cron-jobs.repo';
import { FakeClock, FakeRunner } from './scheduler-fakes';

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);
const MINUTE = 60_000;
let clock: FakeClock;
let db: Database;
let runner: FakeRunner;
let events: CoreEvent[];
let service: CronService;

function add(input: Parameters<CronService['add']>[0]): string {
  const job = service.add(input);
  if (!job.ok) throw new Error(job.error.message);
  return job.value.id;
}

beforeEach(() => {
  clock = new FakeClock(T0);
  db = openDatabase(':memory:');
  runner = new FakeRunner(db);
  events = [];
  service = new CronService({ db, clock, runner, emit: (e) => events.push(e), config: () => configSchema.parse({ agent: { timezone: 'UTC' } }) });
  service.start();
});

afterEach(async () => {
  await service.stop();
  db.close();
});

describe('cron timers (fake clock)', () => {
  it('an idle home with jobs due in an hour wakes the process 0 times a minute, then once per job', async () => {
    add({ sessionKey: 's:1', message: 'hourly', every_seconds: 3600 });
    add({ sessionKey: 's:1', message: 'on the hour', cron_expr: '0 9 * * *' });
    add({ sessionKey: 's:1', message: 'once', at: '2026-06-01T09:00:00' });
    for (let minute = 0; minute < 59; minute++) {
      await clock.advanceSettled(MINUTE);
      expect(clock.fired).toBe(0);
    }
    await clock.advanceSettled(MINUTE);
    expect(clock.fired).toBe(3);
    expect(runner.requests.map((r) => r.text)).toEqual(["[Scheduled job 'hourly'] hourly", "[Scheduled job 'on the hour'] on the hour", "[Scheduled job 'once'] once"]);
  });

  it('an every-5-seconds job fires every 5 seconds, one wake-up each', async () => {
    const id = add({ sessionKey: 's:1', message: 'tick', every_seconds: 5 });
    await clock.advanceSettled(30_500);
    expect(runner.requests).toHaveLength(6);
    expect(clock.fired).toBe(6);
    expect(listCronRuns(db, id).every((r) => r.status === 'ok')).toBe(true);
  });

  it('a cron pattern fires on its minutes in its time zone', async () => {
    add({ sessionKey: 's:1', message: 'quarter', cron_expr: '*/15 * * * *' });
    add({ sessionKey: 's:1', message: 'berlin nine', cron_expr: '0 9 * * *', tz: 'Europe/Berlin' });
    await clock.advanceSettled(60 * MINUTE + 1000);
    // 08:15, 08:30, 08:45, 09:00 UTC; 09:00 in Berlin (CEST) is 07:00 UTC: tomorrow.
    expect(runner.requests.map((r) => r.text.replace(/^\[Scheduled job '[^']+'\] /, ''))).toEqual(['quarter', 'quarter', 'quarter', 'quarter']);
    expect(service.list().find((j) => j.message === 'berlin nine')!.nextRunAt).toBe(Date.UTC(2026, 5, 2, 7, 0, 0));
  });

  it('an at job fires once at its time and is deleted', async () => {
    add({ sessionKey: 's:1', message: 'once', at: '2026-06-01T08:00:10' });
    await clock.advanceSettled(9_000);
    expect(runner.requests).toHaveLength(0);
    await clock.advanceSettled(2_000);
    expect(runner.requests).toHaveLength(1);
    expect(listCronJobs(db)).toEqual([]);
    await clock.advanceSettled(60_000);
    expect(runner.requests).toHaveLength(1);
  });

  it('sleeps a delay beyond the 2^31 ms timer limit in chunks and fires on the day', async () => {
    add({ sessionKey: 's:1', message: 'in sixty days', at: '2026-07-31T08:00:00' });
    await clock.advanceSettled(MAX_TIMER_MS);
    expect(runner.requests).toHaveLength(0);
    expect(clock.fired).toBe(1);
    await clock.advanceSettled(Date.UTC(2026, 6, 31, 8) - clock.now() - 1000);
    expect(runner.requests).toHaveLength(0);
    await clock.advanceSettled(1000);
    expect(runner.requests).toHaveLength(1);
    expect(clock.fired).toBe(3);
  });

  it('never overlaps runs of one job: a due time during a run is recorded as skipped', async () => {
    let finish: () => void = () => undefined;
    runner.replies.push(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ turnId: 'slow', stopReason: 'completed', text: 'done', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } });
        }),
    );
    const id = add({ sessionKey: 's:1', message: 'slow', every_seconds: 1 });
    await clock.advanceSettled(1_000);
    expect(runner.requests).toHaveLength(1);
    await clock.advanceSettled(2_000);
    expect(runner.requests).toHaveLength(1);
    // The run in progress is recorded from its start (a crash could not hide it), the due times during it as skipped.
    expect(listCronRuns(db, id).map((r) => [r.status, r.error])).toEqual([
      ['skipped', undefined],
      ['skipped', undefined],
      ['running', undefined],
    ]);
    finish();
    await clock.advanceSettled(0);
    expect(listCronRuns(db, id).at(-1)?.status).toBe('ok');
    await clock.advanceSettled(1_000);
    expect(runner.requests).toHaveLength(2);
  });

  it('a sleep of the machine: what came due fires once, marked late, and missed due times are not replayed', async () => {
    const hourly = add({ sessionKey: 's:1', message: 'hourly', cron_expr: '0 * * * *' });
    const once = add({ sessionKey: 's:1', message: 'once', at: '2026-06-01T08:30:00' });
    await clock.advanceSettled(10 * MINUTE);
    clock.suspend(3 * 60 * MINUTE); // lid closed 08:10 → 11:10: timers stand still
    await clock.advanceSettled(MINUTE);
    expect(runner.requests).toHaveLength(0);
    service.recheck(); // the resume signal
    await clock.advanceSettled(0);
    expect(runner.requests.map((r) => r.text)).toEqual(["[Scheduled job 'hourly'] hourly", "[Scheduled job 'once'] once"]);
    expect(runner.requests.every((r) => r.extraSystem?.includes('It is running late'))).toBe(true);
    expect(listCronRuns(db, hourly).map((r) => r.late)).toEqual([true]);
    expect(listCronJobs(db).map((j) => j.id)).toEqual([hourly]);
    expect(once).not.toBe(hourly);
    expect(service.list()[0]!.nextRunAt).toBe(Date.UTC(2026, 5, 1, 12, 0, 0));
  });

  it('stop disarms every timer', async () => {
    add({ sessionKey: 's:1', message: 'tick', every_seconds: 1 });
    await service.stop();
    await clock.advanceSettled(5_000);
    expect(runner.requests).toHaveLength(0);
    expect(clock.pending).toBe(0);
  });
});
