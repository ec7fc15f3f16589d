// Text views of heartbeat and cron state, and the slash-command port adapters built on them.
import { describe, expect, it } from 'vitest';
import { formatCronRun, formatHeartbeatRun, formatHeartbeatStatus } from '../../../src-main/core/scheduler/scheduler-text';
import { cronCommandPort, heartbeatCommandPort } from '../../../src-main/core/scheduler/scheduler-command-ports';
import type { HeartbeatStatus } from '../../../src-main/core/scheduler/heartbeat-service';
import type { HeartbeatRun } from '../../../src-main/core/store/heartbeat-runs.repo';
import type { CronApi, HeartbeatApi } from '../../../src-main/core/scheduler/install-scheduler';

const T = Date.UTC(2026, 5, 1, 7, 30, 0);
const run = (over: Partial<HeartbeatRun>): HeartbeatRun => ({
  id: 1,
  startedAt: T,
  durationMs: 12,
  outcome: 'skipped',
  reason: 'no active tasks in HEARTBEAT.md',
  tokens: 0,
  message: '',
  ...over,
});
const status: HeartbeatStatus = {
  state: 'idle',
  enabled: true,
  paused: false,
  intervalMinutes: 30,
  nextDueAt: T + 30 * 60_000,
  tokensToday: 1234,
  dailyTokenBudget: 200_000,
  activeHours: { start: '08:00', end: '22:00' },
  timeZone: 'Europe/Berlin',
  lastRuns: [run({}), run({ id: 2, outcome: 'notified', reason: '', tokens: 300, message: 'Rain soon.' })],
};

describe('scheduler text', () => {
  it('formats a run', () => {
    expect(formatHeartbeatRun(run({}))).toBe('skipped — no active tasks in HEARTBEAT.md (tokens used: 0)');
    expect(formatHeartbeatRun(run({ outcome: 'notified', reason: '', tokens: 300, message: 'Rain soon.' }))).toBe(
      'notified (tokens used: 300)\nRain soon.',
    );
  });

  it('formats the status in the agent time zone', () => {
    expect(formatHeartbeatStatus(status)).toBe(
      [
        'Heartbeat: idle (every 30 min)',
        'Next due: 2026-06-01 10:00 (Europe/Berlin)',
        'Tokens today: 1234 of 200000',
        'Active hours: 08:00–22:00 Europe/Berlin',
        'Last runs:',
        '  2026-06-01 09:30  skipped   no active tasks in HEARTBEAT.md  (0 tokens, 12 ms)',
        '  2026-06-01 09:30  notified  (300 tokens, 12 ms)',
      ].join('\n'),
    );
  });

  it('formats a cron run', () => {
    expect(formatCronRun({ id: 1, jobId: 'j', startedAt: T, durationMs: 5, status: 'error', error: 'boom', late: true }, 'UTC')).toBe(
      '2026-06-01 07:30  error  late  boom  (5 ms)',
    );
  });

  it('adapts core.heartbeat and core.cron to the slash-command ports', async () => {
    const heartbeat: HeartbeatApi = {
      status: () => status,
      runNow: async () => run({ outcome: 'silent', reason: 'nothing to report', tokens: 50 }),
      pause: () => ({ ...status, state: 'paused', paused: true, nextDueAt: null }),
      resume: () => status,
    };
    const port = heartbeatCommandPort(heartbeat);
    expect(await port.runNow()).toBe('Heartbeat silent — nothing to report (tokens used: 50)');
    expect(await port.pause()).toContain('Heartbeat paused.\nHeartbeat: paused (every 30 min)\nNext due: — (paused)');
    const cron = {
      list: () => [{ id: 'ab12cd34', name: 'standup', scheduleText: "cron '0 9 * * *' (UTC)", enabled: true, nextRunAt: T }],
      remove: async () => ({ ok: true as const, value: undefined }),
    } as unknown as CronApi;
    expect(await cronCommandPort(cron).list()).toEqual([
      { id: 'ab12cd34', name: 'standup', schedule: "cron '0 9 * * *' (UTC)", enabled: true, nextRunAt: T },
    ]);
  });
});
