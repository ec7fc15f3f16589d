// Sample heartbeat state for tests of the text views and of /heartbeat: one status, runs made to order.
import type { HeartbeatStatus } from '../../../src-main/core/scheduler/heartbeat-service';
import type { HeartbeatRun } from '../../../src-main/core/store/heartbeat-runs.repo';

/** 2026-06-01 07:30 UTC (09:30 in Europe/Berlin). */
export const HEARTBEAT_T = Date.UTC(2026, 5, 1, 7, 30, 0);

/** A skipped run at HEARTBEAT_T, with `over` applied. */
export function heartbeatRun(over: Partial<HeartbeatRun> = {}): HeartbeatRun {
  return { id: 1, startedAt: HEARTBEAT_T, durationMs: 12, outcome: 'skipped', reason: { code: 'no_active_tasks' }, tokens: 0, message: '', ...over };
}

/** An idle heartbeat in Europe/Berlin with active hours and two runs (one skipped, one notified). */
export const HEARTBEAT_STATUS: HeartbeatStatus = {
  state: 'idle',
  enabled: true,
  paused: false,
  running: false,
  intervalMinutes: 30,
  nextRunAt: HEARTBEAT_T + 30 * 60_000,
  tokensToday: 1234,
  dailyTokenBudget: 200_000,
  activeHours: { start: '08:00', end: '22:00' },
  timeZone: 'Europe/Berlin',
  lastRun: heartbeatRun(),
  recentRuns: [heartbeatRun(), heartbeatRun({ id: 2, outcome: 'notified', reason: { code: 'none' }, tokens: 300, message: 'Rain soon.' })],
  runsIn: null,
};
