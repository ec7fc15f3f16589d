// The agent's cron tool: the spec's messages, session ownership and the in-cron-run refusal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { systemClock } from '../../../src-main/core/lib/clock';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { ToolRegistry } from '../../../src-main/core/tools/tool-registry';
import type { ToolContext, ToolResult } from '../../../src-main/core/tools/tool';
import { CronService } from '../../../src-main/core/scheduler/cron-service';
import { createCronTool } from '../../../src-main/core/scheduler/cron.tool';
import { listCronJobs } from '../../../src-main/core/store/cron-jobs.repo';
import { FakeRunner } from './scheduler-fakes';

const config = configSchema.parse({ agent: { timezone: 'Europe/Berlin' } });
let db: Database;
let service: CronService;
let registry: ToolRegistry;

function ctx(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    sessionKey: 'desktop:main',
    channel: 'desktop',
    chatId: 'main',
    turnId: 't1',
    callId: 'c1',
    workspace: '/tmp',
    builtinSkillsDir: '/tmp',
    config,
    signal: new AbortController().signal,
    iteration: 1,
    interactive: true,
    vision: false,
    inCronRun: false,
    emit: () => {},
    now: () => Date.now(),
    ...overrides,
  };
}

const call = (args: Record<string, unknown>, c: Partial<ToolContext> = {}): Promise<ToolResult> =>
  registry.execute('cron', JSON.stringify(args), ctx(c));
const text = (r: ToolResult) => (r.ok ? r.output : r.error.message);

beforeEach(() => {
  db = openDatabase(':memory:');
  service = new CronService({ db, clock: systemClock, runner: new FakeRunner(db), emit: () => {}, config: () => config });
  registry = new ToolRegistry();
  registry.register(createCronTool(service));
});

afterEach(async () => {
  await service.stop();
  db.close();
});

describe('cron tool', () => {
  it('lists nothing at first', async () => {
    expect(text(await call({ action: 'list' }))).toBe('No scheduled jobs.');
  });

  it('asks for approval only to change the schedule, not to look at it', () => {
    const tool = registry.get('cron')!;
    expect(tool.categoryFor?.({ action: 'list' }, ctx())).toBe('read');
    expect(tool.categoryFor?.({ action: 'add', message: 'x', every_seconds: 5 }, ctx())).toBe('write');
    expect(tool.categoryFor?.({ action: 'remove', job_id: 'a' }, ctx())).toBe('write');
  });

  it('adds a job owned by the calling session', async () => {
    const result = await call({ action: 'add', message: 'Water the plants', every_seconds: 3600 });
    const id = listCronJobs(db)[0]!.id;
    expect(result).toEqual({ ok: true, output: `Created job 'Water the plants' (id: ${id})` });
    expect(listCronJobs(db)[0]).toMatchObject({ sessionKey: 'desktop:main', schedule: { kind: 'every', everySeconds: 3600 } });
  });

  it('uses the given name and lists jobs', async () => {
    await call({ action: 'add', message: 'Standup', name: 'standup', cron_expr: '0 9 * * 1-5' });
    const id = listCronJobs(db)[0]!.id;
    expect(text(await call({ action: 'list' }))).toBe(
      `Scheduled jobs:\n- standup (id: ${id}, cron '0 9 * * 1-5' (Europe/Berlin), session: desktop:main)`,
    );
  });

  it('gives the spec messages for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { action: 'add', every_seconds: 5 },
        "Error: cron action='add' requires a non-empty 'message' parameter describing what to do when the job triggers (e.g. the reminder text). Retry including message=\"...\".",
      ],
      [{ action: 'add', message: '   ', every_seconds: 5 }, expect.stringContaining("requires a non-empty 'message'") as unknown as string],
      [{ action: 'add', message: 'x' }, 'Error: either every_seconds, cron_expr, or at is required'],
      [{ action: 'add', message: 'x', every_seconds: 5, tz: 'UTC' }, 'Error: tz can only be used with cron_expr'],
      [{ action: 'add', message: 'x', cron_expr: '0 9 * * *', tz: 'Nowhere/City' }, "Error: unknown timezone 'Nowhere/City'"],
      [{ action: 'add', message: 'x', cron_expr: '99 * * * *' }, "Error: invalid cron expression '99 * * * *'"],
      [
        { action: 'add', message: 'x', at: 'next tuesday' },
        "Error: invalid ISO datetime format 'next tuesday'. Expected format: YYYY-MM-DDTHH:MM:SS",
      ],
      [{ action: 'remove' }, 'Error: job_id is required for remove'],
      [{ action: 'remove', job_id: 'nope' }, "Error: job 'nope' not found"],
    ];
    for (const [args, expected] of cases) {
      const result = await call(args);
      expect(result.ok).toBe(false);
      expect(text(result)).toEqual(expected);
    }
    expect(listCronJobs(db)).toEqual([]);
  });

  it('refuses to schedule from within a cron job execution', async () => {
    const result = await call({ action: 'add', message: 'again', every_seconds: 5 }, { inCronRun: true });
    expect(result).toEqual({ ok: false, error: { code: 'refused', message: 'Error: cannot schedule new jobs from within a cron job execution' } });
    expect(text(await call({ action: 'list' }, { inCronRun: true }))).toBe('No scheduled jobs.');
  });

  it('removes a job', async () => {
    await call({ action: 'add', message: 'x', at: '2099-01-01T10:00:00' });
    const id = listCronJobs(db)[0]!.id;
    expect(await call({ action: 'remove', job_id: id })).toEqual({ ok: true, output: `Removed job ${id}` });
    expect(listCronJobs(db)).toEqual([]);
  });

  it('updates a job in place: only what is given changes, a new cron_expr keeps its time zone', async () => {
    await call({ action: 'add', message: 'Standup notes', name: 'standup', cron_expr: '0 9 * * 1-5', tz: 'Asia/Tokyo' });
    const id = listCronJobs(db)[0]!.id;
    expect(await call({ action: 'update', job_id: id, cron_expr: '30 8 * * 1-5', message: null, name: null, every_seconds: null, tz: null, at: null })).toEqual({
      ok: true,
      output: `Updated job 'standup' (id: ${id}): cron '30 8 * * 1-5' (Asia/Tokyo)`,
    });
    expect((await call({ action: 'update', job_id: id, message: 'Write the standup notes' })).ok).toBe(true);
    expect((await call({ action: 'update', job_id: id, tz: 'Europe/Berlin' })).ok).toBe(true);
    expect(listCronJobs(db)).toMatchObject([{ id, name: 'standup', message: 'Write the standup notes', sessionKey: 'desktop:main', schedule: { kind: 'cron', expr: '30 8 * * 1-5', tz: 'Europe/Berlin' } }]);
    expect((await call({ action: 'update', job_id: id, every_seconds: 600 })).ok).toBe(true);
    expect(listCronJobs(db)[0]!.schedule).toEqual({ kind: 'every', everySeconds: 600 });
  });

  it('refuses an update without a job, of a job that is not there, or with a bad schedule, and changes nothing', async () => {
    await call({ action: 'add', message: 'Water', every_seconds: 3600 });
    const before = listCronJobs(db);
    const id = before[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'update', message: 'x' }, 'Error: job_id is required for update'],
      [{ action: 'update', job_id: 'nope', message: 'x' }, "Error: job 'nope' not found"],
      [{ action: 'update', job_id: id, every_seconds: 0 }, 'Error: every_seconds must be a whole number of seconds, at least 1'],
      [{ action: 'update', job_id: id, tz: 'UTC' }, 'Error: tz can only be used with cron_expr'],
      [{ action: 'update', job_id: id, message: '  ' }, expect.stringContaining("requires a non-empty 'message'") as unknown as string],
    ];
    for (const [args, expected] of cases) {
      const result = await call(args);
      expect(result.ok).toBe(false);
      expect(text(result)).toEqual(expected);
    }
    expect(listCronJobs(db)).toEqual(before);
  });

  it('refuses to change a job from within a cron job execution (a run cannot speed itself up)', async () => {
    await call({ action: 'add', message: 'Daily digest', cron_expr: '0 8 * * *' });
    const before = listCronJobs(db);
    const result = await call({ action: 'update', job_id: before[0]!.id, every_seconds: 1 }, { inCronRun: true });
    expect(result).toEqual({ ok: false, error: { code: 'refused', message: 'Error: cannot change scheduled jobs from within a cron job execution' } });
    expect(listCronJobs(db)).toEqual(before);
    expect(registry.get('cron')!.categoryFor?.({ action: 'update', job_id: 'a' }, ctx())).toBe('write');
  });

  it('accepts null for unused parameters (models send them)', async () => {
    const result = await call({ action: 'add', message: 'x', every_seconds: 60, cron_expr: null, tz: null, at: null, name: null, job_id: null });
    expect(result.ok).toBe(true);
  });
});
