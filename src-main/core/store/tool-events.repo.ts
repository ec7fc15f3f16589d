// One row per tool call a turn made (name, arguments, outcome, duration) for the activity view and audits.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRow } from './row-parsing';

const toolEventStatusSchema = z.enum(['ok', 'error', 'denied']);
export type ToolEventStatus = z.output<typeof toolEventStatusSchema>;

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

/** Stores one finished tool call (the session row must exist; deleting the session deletes its events). */
export function insertToolEvent(db: Database, e: ToolEventRow): number {
  const info = cachedStatement(
    db,
    `INSERT INTO tool_events (session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(e.sessionKey, e.turnId, e.callId, e.name, e.args, e.status, e.result.slice(0, MAX_STORED_RESULT), e.startedAt, Math.round(e.durationMs));
  return Number(info.lastInsertRowid);
}

const toolEventRowSchema = z.object({
  id: z.number(),
  session_key: z.string(),
  turn_id: z.string(),
  call_id: z.string(),
  name: z.string(),
  args: z.string(),
  status: toolEventStatusSchema,
  result: z.string(),
  started_at: z.number(),
  duration_ms: z.number(),
});

function toEvent(raw: unknown): StoredToolEvent {
  const r = parseRow('tool_events', toolEventRowSchema, raw)!;
  return {
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
  };
}

/** A session's events, oldest first: those of one turn, or the newest `limit` (200). */
export function listToolEvents(db: Database, sessionKey: string, options: { turnId?: string; limit?: number } = {}): StoredToolEvent[] {
  const rows = options.turnId
    ? cachedStatement(db, 'SELECT * FROM tool_events WHERE session_key = ? AND turn_id = ? ORDER BY id').all(sessionKey, options.turnId)
    : cachedStatement(db, 'SELECT * FROM (SELECT * FROM tool_events WHERE session_key = ? ORDER BY id DESC LIMIT ?) ORDER BY id').all(sessionKey, options.limit ?? 200);
  return rows.map(toEvent);
}
