// The heartbeat_runs table: one row per heartbeat tick with its outcome, reason, duration and tokens.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { countRowSchema, parseAggregate, parseRow } from './row-parsing';
import {
  heartbeatOutcomeSchema,
  heartbeatReasonSchema,
  type HeartbeatReason,
  type HeartbeatRun,
} from '../../../src-preload/contract/scheduler-schemas';

export type { HeartbeatOutcome, HeartbeatRun } from '../../../src-preload/contract/scheduler-schemas';

/**
 * The reason column holds the reason as JSON (`{"code":"no_active_tasks"}`). Rows written before reasons were codes
 * hold English prose: they read as `unknown` with that text, and an empty one as `none`.
 */
export function storedHeartbeatReason(text: string): HeartbeatReason {
  if (!text) return { code: 'none' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: 'unknown', text };
  }
  const parsed = heartbeatReasonSchema.safeParse(json);
  return parsed.success ? parsed.data : { code: 'unknown', text };
}

function reasonColumn(reason: HeartbeatReason): string {
  if (reason.code === 'none') return '';
  return reason.code === 'unknown' ? reason.text : JSON.stringify(reason);
}

const runRowSchema = z.object({
  id: z.number(),
  started_at: z.number(),
  duration_ms: z.number(),
  outcome: heartbeatOutcomeSchema,
  reason: z.string(),
  tokens: z.number(),
  message: z.string(),
});

/** Rows kept; older ones are pruned on insert. */
export const HEARTBEAT_RUNS_KEPT = 1000;

function toRun(raw: unknown): HeartbeatRun {
  const r = parseRow('heartbeat_runs', runRowSchema, raw)!;
  return {
    id: r.id,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    outcome: r.outcome,
    reason: storedHeartbeatReason(r.reason),
    tokens: r.tokens,
    message: r.message,
  };
}

/** Inserts a run and returns it with its id. */
export function insertHeartbeatRun(db: Database, run: Omit<HeartbeatRun, 'id'>): HeartbeatRun {
  const info = db
    .prepare(
      'INSERT INTO heartbeat_runs (started_at, duration_ms, outcome, reason, tokens, message) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(run.startedAt, run.durationMs, run.outcome, reasonColumn(run.reason), run.tokens, run.message);
  const id = Number(info.lastInsertRowid);
  db.prepare('DELETE FROM heartbeat_runs WHERE id <= ?').run(id - HEARTBEAT_RUNS_KEPT);
  return { id, ...run };
}

/** Completes a run row that was inserted as `ran` when the turn started. */
export function finishHeartbeatRun(db: Database, run: HeartbeatRun): void {
  db.prepare('UPDATE heartbeat_runs SET duration_ms = ?, outcome = ?, reason = ?, tokens = ?, message = ? WHERE id = ?').run(
    run.durationMs,
    run.outcome,
    reasonColumn(run.reason),
    run.tokens,
    run.message,
    run.id,
  );
}

/** The newest runs first. */
export function listHeartbeatRuns(db: Database, limit = 20): HeartbeatRun[] {
  return db.prepare('SELECT * FROM heartbeat_runs ORDER BY id DESC LIMIT ?').all(limit).map(toRun);
}

/** Tokens the heartbeat spent in runs started at or after `sinceMs` (the daily budget's measure). */
export function heartbeatTokensSince(db: Database, sinceMs: number): number {
  const row = db.prepare('SELECT coalesce(sum(tokens), 0) AS n FROM heartbeat_runs WHERE started_at >= ?').get(sinceMs);
  return parseAggregate('heartbeat_runs', countRowSchema, row).n;
}
