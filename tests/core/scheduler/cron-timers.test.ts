// node-cron timers under fake timers: every-N fires on time, cron patterns, one-shot at, overlap is skipped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { systemClock } from '../../../src-main/core/lib/clock';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { CronService } from '../../../src-main/core/scheduler/cron-service';
import { listCronJobs, listCronRuns } from '../../../src-main/core/store/cron-jobs.repo';
import { FakeRunner } from './scheduler-fakes';

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);
let db: Database;
let runner: FakeRunner;
let events: CoreEvent[];
let service: CronService;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  db = openDatabase(':memory:');
  runner = new FakeRunner(db);
  events = [];
  service = new CronService({
    db,
    clock: systemClock,
    runner,
    emit: (e) => events.push(e),
    config: () => configSchema.parse({ agent: { timezone: 'UTC' } }),
  });
  service.start();
});

afterEach(async () => {
  await service.stop();
  db.close();
  vi.useRealTimers();
});

describe('cron timers (fake time)', () => {
  it('an every-5-seconds job fires every 5 seconds', async () => {
    const job = service.add({ sessionKey: 's:1', message: 'tick', every_seconds: 5 });
    if (!job.ok) throw new Error(job.error.message);
    await vi.advanceTimersByTimeAsync(30_500);
    expect(runner.requests).toHaveLength(6);
    expect(listCronRuns(db, job.value.id).every((r) => r.status === 'ok')).toBe(true);
  });

  it('a cron pattern fires on its minutes in its time zone', async () => {
    service.add({ sessionKey: 's:1', message: 'quarter', cron_expr: '*/15 * * * *' });
    await vi.advanceTimersByTimeAsync(60 * 60_000 + 1000);
    expect(runner.requests).toHaveLength(4);
  });

  it('an at job fires once at its time and is deleted', async () => {
    service.add({ sessionKey: 's:1', message: 'once', at: '2026-06-01T08:00:10' });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(runner.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runner.requests).toHaveLength(1);
    expect(listCronJobs(db)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runner.requests).toHaveLength(1);
  });

  it('never overlaps runs of one job: a due time during a run is recorded as skipped', async () => {
    runner.replies.push(async (request) => {
      await new Promise((r) => setTimeout(r, 2_500));
      return { turnId: 'slow', stopReason: 'completed', text: `done ${request.text}`, usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    });
    const job = service.add({ sessionKey: 's:1', message: 'slow', every_seconds: 1 });
    if (!job.ok) throw new Error(job.error.message);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(runner.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runner.requests).toHaveLength(1);
    const runs = listCronRuns(db, job.value.id);
    expect(runs.filter((r) => r.status === 'skipped').length).toBeGreaterThanOrEqual(1);
    expect(runs.find((r) => r.status === 'skipped')!.error).toBe('previous run still going');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runner.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('stop disarms every timer', async () => {
    service.add({ sessionKey: 's:1', message: 'tick', every_seconds: 1 });
    await service.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runner.requests).toHaveLength(0);
  });
});
