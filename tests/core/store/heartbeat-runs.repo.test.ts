// The heartbeat_runs reason column: codes are written and read back whole; prose stored before the codes stays readable.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { insertHeartbeatRun, listHeartbeatRuns, storedHeartbeatReason } from '../../../src-main/core/store/heartbeat-runs.repo';
import { heartbeatReasonText } from '../../../src-preload/contract/heartbeat-reason-text';

let db: Database | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

describe('heartbeat run reasons', () => {
  it('a coded reason with values comes back as it was written', () => {
    db = openDatabase(':memory:');
    const reason = { code: 'outside_active_hours', start: '08:00', end: '18:00', timeZone: 'Asia/Tokyo' } as const;
    insertHeartbeatRun(db, { startedAt: 1, durationMs: 2, outcome: 'skipped', reason, tokens: 0, message: '' });
    insertHeartbeatRun(db, { startedAt: 3, durationMs: 2, outcome: 'notified', reason: { code: 'none' }, tokens: 9, message: 'Rain soon.' });
    expect(listHeartbeatRuns(db).map((r) => r.reason)).toEqual([{ code: 'none' }, reason]);
  });

  it('English prose from before the codes reads as unknown, shown as it was stored in every language', () => {
    db = openDatabase(':memory:');
    db.prepare("INSERT INTO heartbeat_runs (started_at, duration_ms, outcome, reason, tokens, message) VALUES (1, 2, 'skipped', 'no active tasks in HEARTBEAT.md', 0, '')").run();
    const [old] = listHeartbeatRuns(db);
    expect(old!.reason).toEqual({ code: 'unknown', text: 'no active tasks in HEARTBEAT.md' });
    expect(heartbeatReasonText('zh', old!.reason)).toBe('no active tasks in HEARTBEAT.md');
  });

  it('JSON that is not a known reason is unknown too, not an error', () => {
    expect(storedHeartbeatReason('{"code":"gone_code"}')).toEqual({ code: 'unknown', text: '{"code":"gone_code"}' });
    expect(storedHeartbeatReason('')).toEqual({ code: 'none' });
  });
});
