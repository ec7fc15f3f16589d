// One row per tool call a turn made (name, arguments, outcome, duration) for the activity view and audits.
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';

export type ToolEventStatus = 'ok' | 'error' | 'denied';

export interface ToolEventRow {
  sessionKey: string;
  turnId: string;
  callId: string;
  name: string;
  args: string;
  status: ToolEventStatus;
  result: string;
  startedAt: number;
  durationMs: number;
}

export interface StoredToolEvent extends ToolEventRow {
  id: number;
}

/** Result text kept per event; the full (cut) text lives in the tool message. */
const MAX_STORED_RESULT = 4000;

export function insertToolEvent(db: Database, e: ToolEventRow): number {
  const info = cachedStatement(
    db,
      `INSERT INTO tool_events (session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(e.sessionKey, e.turnId, e.callId, e.name, e.args, e.status, e.result.slice(0, MAX_STORED_RESULT), e.startedAt, Math.round(e.durationMs));
  return Number(info.lastInsertRowid);
}

export function listToolEvents(db: Database, sessionKey: string, options: { turnId?: string; limit?: number } = {}): StoredToolEvent[] {
  const rows = (
    options.turnId
      ? cachedStatement(db, 'SELECT * FROM tool_events WHERE session_key = ? AND turn_id = ? ORDER BY id').all(sessionKey, options.turnId)
      : cachedStatement(db, 'SELECT * FROM (SELECT * FROM tool_events WHERE session_key = ? ORDER BY id DESC LIMIT ?) ORDER BY id').all(sessionKey, options.limit ?? 200)
  ) as {
    id: number;
    session_key: string;
    turn_id: string;
    call_id: string;
    name: string;
    args: string;
    status: ToolEventStatus;
    result: string;
    started_at: number;
    duration_ms: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    sessionKey: r.session_key,
    turnId: r.turn_id,
    callId: r.call_id,
    name: r.name,
    args: r.args,
    status: r.status,
    result: r.result,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
  }));
}
