// Editing a cron job in place: same id and run history, new name/message/schedule, timers re-armed here and elsewhere.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { CronService } from '../../../src-main/core/scheduler/cron-service';
import { listCronRuns } from '../../../src-main/core/store/cron-jobs.repo';
import { systemClock } from '../../../src-main/core/lib/clock';
import { FakeRunner } from './scheduler-fakes';

let db: Database;
let runner: FakeRunner;
const services: CronService[] = [];
const config = configSchema.parse({ agent: { timezone: 'UTC' } });

function cron(): CronService {
  const s = new CronService({ db, clock: systemClock, runner, emit: () => undefined, config: () => config });
  services.push(s);
  return s;
}

function addHourly(service: CronService): string {
  const added = service.add({ sessionKey: 'desktop:abc', name: 'stretch', message: 'Remind me to stretch', every_seconds: 3600 });
  if (!added.ok) throw new Error(added.error.message);
  return added.value.id;
}

beforeEach(() => {
  db = openDatabase(':memory:');
  runner = new FakeRunner(db);
});

afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
  db.close();
});

describe('CronService.update', () => {
  it('changes name, message and schedule, keeping the id, the session and the run history', async () => {
    const service = cron();
    const id = addHourly(service);
    runner.replies.push({ text: 'Stretched.' });
    await service.runJobNow(id);
    const updated = service.update(id, { name: 'Morning stretch', message: 'Stretch, then water', cron_expr: '0 8 * * 1-5', tz: 'Europe/Berlin' });
    expect(updated).toMatchObject({
      ok: true,
      value: { id, name: 'Morning stretch', message: 'Stretch, then water', sessionKey: 'desktop:abc', schedule: { kind: 'cron', expr: '0 8 * * 1-5', tz: 'Europe/Berlin' }, lastStatus: 'ok' },
    });
    expect(service.list().map((j) => j.id)).toEqual([id]);
    expect(listCronRuns(db, id).map((r) => r.status)).toEqual(['ok']);
    runner.replies.push({ text: 'Done.' });
    await service.runJobNow(id);
    expect(runner.requests[1]!.text).toBe("[Scheduled job 'Morning stretch'] Stretch, then water");
  });

  it('re-arms an enabled job with its new schedule and leaves a paused one paused', async () => {
    const service = cron();
    service.start();
    const id = addHourly(service);
    const before = service.list()[0]!.nextRunAt!;
    service.update(id, { name: 'stretch', message: 'Remind me to stretch', every_seconds: 60 });
    const after = service.list()[0]!.nextRunAt!;
    expect(after).toBeLessThan(before);
    await service.setEnabled(id, false);
    const paused = service.update(id, { name: 'stretch', message: 'Remind me to stretch', every_seconds: 120 });
    expect(paused).toMatchObject({ ok: true, value: { enabled: false, nextRunAt: null, schedule: { kind: 'every', everySeconds: 120 } } });
  });

  it('a timer-owning process re-arms a job another process edited when it syncs', () => {
    const owner = cron();
    owner.start();
    const id = addHourly(owner);
    const before = owner.list()[0]!.nextRunAt!;
    cron().update(id, { name: 'stretch', message: 'Remind me to stretch', every_seconds: 60 });
    owner.sync();
    expect(owner.list()[0]!.nextRunAt!).toBeLessThan(before);
  });

  it('refuses what add refuses, with the same messages, and an unknown job; the job stays as it was', () => {
    const service = cron();
    const id = addHourly(service);
    expect(service.update(id, { name: 'x', message: '  ', every_seconds: 60 })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(service.update(id, { message: 'x', cron_expr: '0 8 * *' })).toMatchObject({ ok: false, error: { code: 'invalid', message: "Error: invalid cron expression '0 8 * *'" } });
    expect(service.update(id, { message: 'x', cron_expr: '0 8 * * *', tz: 'Mars/Base' })).toMatchObject({ ok: false, error: { code: 'invalid', message: "Error: unknown timezone 'Mars/Base'" } });
    expect(service.update('nope', { message: 'x', every_seconds: 60 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(service.list()[0]).toMatchObject({ id, name: 'stretch', message: 'Remind me to stretch', schedule: { kind: 'every', everySeconds: 3600 } });
  });
});

describe('an `at` job edited while its run is under way', () => {
  it('keeps the edit: the job now recurs, or waits for its new time, instead of being removed when the run ends', async () => {
    const service = cron();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    for (const change of [{ every_seconds: 7200 }, { at: new Date(Date.now() + 7_200_000).toISOString() }]) {
      const added = service.add({ sessionKey: 'desktop:abc', name: 'call', message: 'Call the bank', at: inAnHour });
      if (!added.ok) throw new Error(added.error.message);
      const id = added.value.id;
      // the user changes the job (window or `nanotray cron edit`) while the one-time run is still going
      runner.replies.push(async () => {
        expect(service.edit(id, change).ok).toBe(true);
        return { turnId: 't', stopReason: 'completed', text: 'done', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } };
      });
      expect((await service.runJobNow(id)).ok).toBe(true);
      expect(service.list().find((j) => j.id === id)).toMatchObject({ id, message: 'Call the bank' });
      await service.remove(id);
    }
  });

  it('still goes once run when nobody changed it', async () => {
    const service = cron();
    const added = service.add({ sessionKey: 'desktop:abc', message: 'Call the bank', at: new Date(Date.now() + 3_600_000).toISOString() });
    if (!added.ok) throw new Error(added.error.message);
    runner.replies.push({ text: 'done' });
    await service.runJobNow(added.value.id);
    expect(service.list()).toEqual([]);
  });
});
