// Usage sums by source and day, and the tool-event log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { insertUsage, startOfLocalDay, sumUsage, usageByDay, usageOfDay } from '../../../src-main/core/store/usage.repo';
import { insertToolEvent, listToolEvents } from '../../../src-main/core/store/tool-events.repo';
import { deleteSession, ensureSession } from '../../../src-main/core/store/sessions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const u = (p: number, c: number) => ({ promptTokens: p, completionTokens: c, totalTokens: p + c });

describe('usage repository', () => {
  it('sums by source and time range, and groups by local day', () => {
    const day1 = new Date(2026, 10, 28, 12, 0).getTime();
    const day2 = new Date(2026, 10, 29, 9, 30).getTime();
    insertUsage(db, { at: day1, sessionKey: 's', source: 'user', model: 'm', usage: u(10, 5) });
    insertUsage(db, { at: day2, sessionKey: 's', source: 'heartbeat', model: 'm', usage: u(100, 20) });
    insertUsage(db, { at: day2 + 1000, sessionKey: 's', source: 'heartbeat', model: 'm', usage: u(1, 1) });
    expect(sumUsage(db)).toEqual(u(111, 26));
    expect(sumUsage(db, { source: 'heartbeat' })).toEqual(u(101, 21));
    expect(sumUsage(db, { from: startOfLocalDay(day2) })).toEqual(u(101, 21));
    expect(usageOfDay(db, day2, 'heartbeat')).toEqual(u(101, 21));
    expect(usageOfDay(db, day1, 'heartbeat')).toEqual(u(0, 0));
    expect(usageByDay(db, 0)).toEqual([
      { day: '2026-11-28', source: 'user', usage: u(10, 5) },
      { day: '2026-11-29', source: 'heartbeat', usage: u(101, 21) },
    ]);
  });
});

describe('tool events repository', () => {
  it('stores and lists events per session and turn', () => {
    const base = { sessionKey: 's', name: 'echo', args: '{}', result: 'ok', startedAt: 1, durationMs: 2.4 };
    ensureSession(db, 's');
    insertToolEvent(db, { ...base, turnId: 't1', callId: 'a', status: 'ok' });
    insertToolEvent(db, { ...base, turnId: 't2', callId: 'b', status: 'denied', result: 'x'.repeat(5000) });
    expect(listToolEvents(db, 's').map((e) => [e.turnId, e.status, e.durationMs])).toEqual([
      ['t1', 'ok', 2],
      ['t2', 'denied', 2],
    ]);
    const [only] = listToolEvents(db, 's', { turnId: 't2' });
    expect(only!.result).toHaveLength(4000);
  });

  it("are deleted with their session, and need one", () => {
    const event = { turnId: 't', callId: 'c', name: 'echo', args: '{}', status: 'ok' as const, result: '', startedAt: 1, durationMs: 1 };
    ensureSession(db, 'desktop:a');
    ensureSession(db, 'desktop:b');
    insertToolEvent(db, { ...event, sessionKey: 'desktop:a' });
    insertToolEvent(db, { ...event, sessionKey: 'desktop:b' });
    expect(() => insertToolEvent(db, { ...event, sessionKey: 'desktop:none' })).toThrow(/FOREIGN KEY/);
    deleteSession(db, 'desktop:a');
    expect(listToolEvents(db, 'desktop:a')).toEqual([]);
    expect(listToolEvents(db, 'desktop:b')).toHaveLength(1);
  });
});
