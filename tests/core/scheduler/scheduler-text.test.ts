// Text views of heartbeat and cron state (the slash commands, the CLI and the daemon print them).
import { describe, expect, it } from 'vitest';
import { formatCronRun, formatHeartbeatRun, formatHeartbeatStatus } from '../../../src-main/core/scheduler/scheduler-text';
import { HEARTBEAT_STATUS, HEARTBEAT_T, heartbeatRun } from './heartbeat-fixtures';

const T = HEARTBEAT_T;
const run = heartbeatRun;
const status = HEARTBEAT_STATUS;

describe('scheduler text', () => {
  it('formats a run', () => {
    expect(formatHeartbeatRun(run({}))).toBe('skipped — no active tasks in HEARTBEAT.md (tokens used: 0)');
    expect(formatHeartbeatRun(run({ outcome: 'notified', reason: { code: 'none' }, tokens: 300, message: 'Rain soon.' }))).toBe(
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
});
