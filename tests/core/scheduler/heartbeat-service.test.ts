// The heartbeat service with a fake clock and a fake runner: skips, outcomes, budget, hours, overlap, trim.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { configSchema, type Config } from '../../../src-preload/contract/config-schema';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { HeartbeatService } from '../../../src-main/core/scheduler/heartbeat-service';
import { withinActiveHours } from '../../../src-main/core/scheduler/active-hours';
import { listHeartbeatRuns } from '../../../src-main/core/store/heartbeat-runs.repo';
import { HEARTBEAT_SESSION_KEY } from '../../../src-main/core/scheduler/heartbeat-session';
import { FakeClock, FakeRunner, flush } from './scheduler-fakes';

const START = Date.UTC(2026, 5, 1, 10, 0, 0); // 10:00 UTC
const TASKS = '## Active Tasks\n\n- water the plants\n';

let db: Database;
let dir: string;
let clock: FakeClock;
let runner: FakeRunner;
let events: CoreEvent[];
let config: Config;
let provider: boolean;

function service(): HeartbeatService {
  return new HeartbeatService({
    db,
    clock,
    runner,
    emit: (e) => events.push(e),
    config: () => config,
    workspace: () => dir,
    hasProvider: () => provider,
  });
}

function sessionMessages(): { role: string; content: string | null }[] {
  return db
    .prepare('SELECT role, content FROM messages WHERE session_key = ? ORDER BY id')
    .all(HEARTBEAT_SESSION_KEY) as { role: string; content: string | null }[];
}

const notifications = () => events.filter((e) => e.type === 'notify');

beforeEach(() => {
  db = openDatabase(':memory:');
  dir = mkdtempSync(join(tmpdir(), 'nanotray-hb-'));
  clock = new FakeClock(START);
  runner = new FakeRunner(db);
  events = [];
  provider = true;
  config = configSchema.parse({ agent: { timezone: 'UTC' } });
  writeFileSync(join(dir, 'HEARTBEAT.md'), TASKS);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('HeartbeatService skips', () => {
  it('skips without a model call when HEARTBEAT.md has no active tasks', async () => {
    writeFileSync(join(dir, 'HEARTBEAT.md'), '# Heartbeat\n\n## Active Tasks\n\n<!-- none -->\n');
    const run = await service().tick();
    expect(run).toMatchObject({ outcome: 'skipped', reason: { code: 'no_active_tasks' }, tokens: 0 });
    expect(runner.requests).toHaveLength(0);
  });

  it('skips when HEARTBEAT.md is missing', async () => {
    rmSync(join(dir, 'HEARTBEAT.md'));
    expect((await service().tick()).reason).toEqual({ code: 'no_heartbeat_file' });
    expect(runner.requests).toHaveLength(0);
  });

  it('skips with the reason when the daily budget is spent', async () => {
    config = configSchema.parse({ agent: { timezone: 'UTC' }, heartbeat: { dailyTokenBudget: 150 } });
    runner.replies.push({ text: 'HEARTBEAT_OK', tokens: 200 });
    const hb = service();
    expect((await hb.tick()).outcome).toBe('silent');
    const run = await hb.tick();
    expect(run).toMatchObject({ outcome: 'skipped', reason: { code: 'budget_spent', spent: 200, budget: 150 } });
    expect(runner.requests).toHaveLength(1);
    // A new day (in agent.timezone) starts a new budget.
    await clock.advanceSettled(24 * 3600_000);
    expect((await hb.tick()).outcome).toBe('silent');
  });

  it('a budget of 0 means no limit', async () => {
    config = configSchema.parse({ agent: { timezone: 'UTC' }, heartbeat: { dailyTokenBudget: 0 } });
    runner.replies.push({ text: 'HEARTBEAT_OK', tokens: 10_000_000 });
    const hb = service();
    await hb.tick();
    expect((await hb.tick()).outcome).toBe('silent');
  });

  it('skips outside active hours (in agent.timezone), but run-now ignores them', async () => {
    config = configSchema.parse({
      agent: { timezone: 'Asia/Tokyo' }, // 10:00 UTC = 19:00 in Tokyo
      heartbeat: { activeHours: { start: '08:00', end: '18:00' } },
    });
    const hb = service();
    expect(await hb.tick()).toMatchObject({ outcome: 'skipped', reason: { code: 'outside_active_hours', start: '08:00', end: '18:00', timeZone: 'Asia/Tokyo' } });
    expect(runner.requests).toHaveLength(0);
    expect((await hb.runNow()).outcome).toBe('silent');
  });

  it('active hours may span midnight', () => {
    const hours = { start: '22:00', end: '06:00' };
    expect(withinActiveHours(Date.UTC(2026, 0, 1, 23, 0), hours, 'UTC')).toBe(true);
    expect(withinActiveHours(Date.UTC(2026, 0, 1, 5, 59), hours, 'UTC')).toBe(true);
    expect(withinActiveHours(Date.UTC(2026, 0, 1, 12, 0), hours, 'UTC')).toBe(false);
  });

  it('skips when no provider is configured', async () => {
    provider = false;
    expect((await service().tick()).reason).toEqual({ code: 'no_provider' });
    expect(runner.requests).toHaveLength(0);
  });

  it('never runs twice at once: an overlapping tick is skipped', async () => {
    let release: (() => void) | undefined;
    runner.replies.push(async () => {
      await new Promise<void>((r) => (release = r));
      return { turnId: 't', stopReason: 'completed', text: 'HEARTBEAT_OK', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    });
    const hb = service();
    const first = hb.tick();
    await flush();
    expect(hb.status().state).toBe('running');
    expect(await hb.tick()).toMatchObject({ outcome: 'skipped', reason: { code: 'overlap' } });
    release!();
    expect((await first).outcome).toBe('silent');
    expect(runner.requests).toHaveLength(1);
  });

  it('defers while the user is mid-turn, recorded as skipped, and retries a minute later', async () => {
    const hb = service();
    hb.start();
    runner.busy = true;
    await clock.advanceSettled(30 * 60_000);
    expect(listHeartbeatRuns(db)[0]).toMatchObject({ outcome: 'skipped', reason: { code: 'user_busy' } });
    expect(hb.status().nextRunAt).toBe(clock.now() + 60_000);
    runner.busy = false;
    await clock.advanceSettled(60_000);
    expect(listHeartbeatRuns(db)[0]!.outcome).toBe('silent');
    hb.stop();
  });
});

describe('HeartbeatService outcomes', () => {
  it('silent replies notify nobody and leave no token in the session', async () => {
    for (const text of ['heartbeat_ok', '**HEARTBEAT_OK**', 'HEARTBEAT_OK.']) {
      runner.replies.push({ text });
      expect((await service().tick()).outcome).toBe('silent');
    }
    expect(notifications()).toHaveLength(0);
    expect(JSON.stringify(sessionMessages())).not.toMatch(/heartbeat_ok/i);
    expect(sessionMessages().every((m) => m.role === 'user')).toBe(true);
    expect(events.at(-2)).toEqual({ type: 'session.changed', sessionKey: 'heartbeat:default', change: 'updated' });
  });

  it('a short reply beside the token is silent too: nothing reaches the session but the prompt', async () => {
    runner.replies.push({ text: 'Rain later. HEARTBEAT_OK' });
    expect((await service().tick()).outcome).toBe('silent');
    expect(notifications()).toHaveLength(0);
    expect(sessionMessages().map((m) => m.role)).toEqual(['user']);
  });

  it('asks for a quiet turn whose stored text loses the token', async () => {
    await service().tick();
    expect(runner.requests[0]!.quiet?.redact('Checking the soil. HEARTBEAT_OK')).toBe('Checking the soil.');
  });

  it('a long report mentioning the token notifies without the token, and the session holds it clean', async () => {
    const report = `The plants need water today: soil is dry in the kitchen. ${'More detail. '.repeat(30)}HEARTBEAT_OK`;
    runner.replies.push({ text: report, tokens: 321 });
    const run = await service().tick();
    expect(run).toMatchObject({ outcome: 'notified', tokens: 321 });
    const note = notifications()[0];
    expect(note).toMatchObject({ type: 'notify', title: 'Nanotray heartbeat', sessionKey: 'heartbeat:default', kind: 'heartbeat' });
    expect(note && note.type === 'notify' && note.body).not.toMatch(/heartbeat_ok/i);
    expect(run.message).toBe(report.replace(' HEARTBEAT_OK', '').trim());
    const messages = sessionMessages();
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: run.message });
    expect(JSON.stringify(messages)).not.toMatch(/heartbeat_ok/i);
  });

  it('stores the reply in the session itself (a quiet turn stores none) and announces it', async () => {
    runner.replies.push(() => ({ turnId: 't', stopReason: 'completed', text: 'Rain at 3pm.', usage: { promptTokens: 5, completionTokens: 5, totalTokens: 10 } }));
    await service().tick();
    expect(sessionMessages()).toEqual([{ role: 'assistant', content: 'Rain at 3pm.' }]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'session.message', sessionKey: 'heartbeat:default', content: 'Rain at 3pm.' }));
  });

  it('a failed turn is recorded as failed and the user is told', async () => {
    runner.replies.push({ text: '', error: 'Provider error: 500 upstream', tokens: 0 });
    const run = await service().tick();
    expect(run).toMatchObject({ outcome: 'failed', reason: { code: 'turn_failed' }, message: 'Provider error: 500 upstream' });
    expect(notifications()[0]).toMatchObject({ title: 'Heartbeat failed', body: 'Provider error: 500 upstream', kind: 'error' });
  });

  it('a runner that throws is a failed run, not a crash', async () => {
    runner.replies.push(() => {
      throw new Error('boom');
    });
    expect(await service().tick()).toMatchObject({ outcome: 'failed', reason: { code: 'turn_failed' }, message: 'boom' });
  });

  it('runs non-interactively in heartbeat:default with the tasks in the prompt', async () => {
    await service().tick();
    expect(runner.requests[0]).toMatchObject({ sessionKey: 'heartbeat:default', interactive: false, source: 'heartbeat' });
    expect(runner.requests[0]!.text).toContain('- water the plants');
    expect(runner.requests[0]!.text).not.toContain('HEARTBEAT_OK');
    expect(runner.requests[0]!.extraSystem).toContain('reply with HEARTBEAT_OK alone');
  });

  it('keeps only the last 8 messages of the heartbeat session', async () => {
    const hb = service();
    for (let i = 0; i < 6; i++) {
      runner.replies.push({ text: `Report number ${i}` });
      await hb.tick();
    }
    const messages = sessionMessages();
    expect(messages).toHaveLength(8);
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: 'Report number 5' });
  });

  it('every tick writes a row with duration and tokens', async () => {
    runner.replies.push(async () => {
      await clock.advanceSettled(1234);
      return { turnId: 't', stopReason: 'completed', text: 'HEARTBEAT_OK', usage: { promptTokens: 40, completionTokens: 2, totalTokens: 42 } };
    });
    await service().tick();
    expect(listHeartbeatRuns(db)[0]).toMatchObject({ outcome: 'silent', durationMs: 1234, tokens: 42, startedAt: START });
  });
});

describe('HeartbeatService timer and controls', () => {
  it('ticks every interval on the clock, and reports the next due time', async () => {
    config = configSchema.parse({ agent: { timezone: 'UTC' }, heartbeat: { intervalMinutes: 5 } });
    const hb = service();
    hb.start();
    expect(hb.status()).toMatchObject({ state: 'idle', nextRunAt: START + 5 * 60_000 });
    await clock.advanceSettled(15 * 60_000);
    expect(runner.requests).toHaveLength(3);
    expect(events.filter((e) => e.type === 'heartbeat.changed').length).toBeGreaterThan(0);
    hb.stop();
    expect(clock.pending).toBe(0);
  });

  it('pause stops ticks; resume re-arms; run-now works while paused', async () => {
    const hb = service();
    hb.start();
    expect(hb.pause()).toMatchObject({ state: 'paused', nextRunAt: null });
    await clock.advanceSettled(2 * 3600_000);
    expect(listHeartbeatRuns(db)).toHaveLength(0);
    expect((await hb.runNow()).outcome).toBe('silent');
    expect(hb.resume()).toMatchObject({ state: 'idle', nextRunAt: clock.now() + 30 * 60_000 });
    hb.stop();
  });

  it('a disabled heartbeat arms no timer', () => {
    config = configSchema.parse({ heartbeat: { enable: false } });
    const hb = service();
    hb.start();
    expect(hb.status()).toMatchObject({ state: 'disabled', nextRunAt: null });
    expect(clock.pending).toBe(0);
  });

  it('an idle day with an empty template costs nothing', async () => {
    writeFileSync(join(dir, 'HEARTBEAT.md'), '# Heartbeat\n\n## Active Tasks\n\n');
    const hb = service();
    hb.start();
    await clock.advanceSettled(24 * 3600_000);
    hb.stop();
    const runs = listHeartbeatRuns(db, 100);
    expect(runs).toHaveLength(48);
    expect(runs.every((r) => r.outcome === 'skipped' && r.tokens === 0)).toBe(true);
    expect(runner.requests).toHaveLength(0);
  });
});

describe('HeartbeatService shutdown', () => {
  it('stop cancels a run in progress: recorded as failed (cancelled), no notification', async () => {
    runner.replies.push(
      (request) =>
        new Promise((resolve) =>
          request.signal!.addEventListener('abort', () =>
            resolve({ turnId: 't', stopReason: 'cancelled', text: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } }),
          ),
        ),
    );
    const hb = service();
    hb.start();
    const running = hb.runNow();
    await flush();
    hb.stop();
    expect(await running).toMatchObject({ outcome: 'failed', reason: { code: 'cancelled' } });
    expect(notifications()).toHaveLength(0);
  });
});
