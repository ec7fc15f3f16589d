// Token usage rows (one per model call) and their sums by day and by source (user, heartbeat, cron, …).
import type { TokenUsage } from '../model/chat-message';
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseAggregate, parseRows } from './row-parsing';

const sumsSchema = z.object({ p: z.number(), c: z.number(), t: z.number() });
const dailyRowSchema = sumsSchema.extend({ day: z.string(), source: z.string() });

export type UsageSource = 'user' | 'heartbeat' | 'cron' | 'subagent' | 'system';

export interface UsageRow {
  at: number;
  sessionKey: string;
  turnId?: string | null;
  source: UsageSource | string;
  model: string;
  usage: TokenUsage;
}

export function insertUsage(db: Database, row: UsageRow): void {
  cachedStatement(
    db,
    `INSERT INTO usage (at, session_key, turn_id, source, model, prompt_tokens, completion_tokens, total_tokens)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.at, row.sessionKey, row.turnId ?? null, row.source, row.model, row.usage.promptTokens, row.usage.completionTokens, row.usage.totalTokens);
}

/** Summed usage of rows with `from <= at < to`, optionally of one source. */
export function sumUsage(db: Database, options: { from?: number; to?: number; source?: string } = {}): TokenUsage {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.from !== undefined) {
    where.push('at >= ?');
    params.push(options.from);
  }
  if (options.to !== undefined) {
    where.push('at < ?');
    params.push(options.to);
  }
  if (options.source !== undefined) {
    where.push('source = ?');
    params.push(options.source);
  }
  const sql = `SELECT coalesce(sum(prompt_tokens),0) AS p, coalesce(sum(completion_tokens),0) AS c, coalesce(sum(total_tokens),0) AS t
     FROM usage ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const row = parseAggregate('usage', sumsSchema, cachedStatement(db, sql).get(...params));
  return { promptTokens: row.p, completionTokens: row.c, totalTokens: row.t };
}

/** Start (local midnight, ms) of the day containing `at`. */
export function startOfLocalDay(at: number): number {
  const d = new Date(at);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Usage of the local day containing `at`, optionally of one source (e.g. the heartbeat's daily budget). */
export function usageOfDay(db: Database, at: number, source?: string): TokenUsage {
  const from = startOfLocalDay(at);
  const next = new Date(from);
  next.setDate(next.getDate() + 1);
  return sumUsage(db, { from, to: next.getTime(), ...(source !== undefined ? { source } : {}) });
}

export interface DailyUsage {
  /** Local date `YYYY-MM-DD`. */
  day: string;
  source: string;
  usage: TokenUsage;
}

/** Usage per local day and source since `from`, oldest day first. */
export function usageByDay(db: Database, from: number): DailyUsage[] {
  const sql = `SELECT date(at / 1000, 'unixepoch', 'localtime') AS day, source,
            sum(prompt_tokens) AS p, sum(completion_tokens) AS c, sum(total_tokens) AS t
     FROM usage WHERE at >= ? GROUP BY day, source ORDER BY day, source`;
  const rows = parseRows('usage', dailyRowSchema, cachedStatement(db, sql).all(from));
  return rows.map((r) => ({ day: r.day, source: r.source, usage: { promptTokens: r.p, completionTokens: r.c, totalTokens: r.t } }));
}

const modelRowSchema = sumsSchema.extend({ model: z.string() });

/** Summed usage per model (rows with `at >= from`), most tokens first: what each model of a failover cost. */
export function usageByModel(db: Database, from = 0): ({ model: string } & TokenUsage)[] {
  const rows = cachedStatement(
    db,
    `SELECT model, sum(prompt_tokens) AS p, sum(completion_tokens) AS c, sum(total_tokens) AS t
     FROM usage WHERE at >= ? GROUP BY model ORDER BY t DESC, model`,
  ).all(from);
  return parseRows('usage', modelRowSchema, rows).map((r) => ({ model: r.model, promptTokens: r.p, completionTokens: r.c, totalTokens: r.t }));
}

const turnModelRowSchema = modelRowSchema.extend({ turn_id: z.string() });

/** Summed usage per model of each of a session's turns (for the window's per-answer figures). */
export function usageByTurn(db: Database, sessionKey: string, turnIds: readonly string[]): Map<string, ({ model: string } & TokenUsage)[]> {
  const out = new Map<string, ({ model: string } & TokenUsage)[]>();
  if (!turnIds.length) return out;
  const rows = parseRows(
    'usage',
    turnModelRowSchema,
    cachedStatement(
      db,
      `SELECT turn_id, model, sum(prompt_tokens) AS p, sum(completion_tokens) AS c, sum(total_tokens) AS t
       FROM usage WHERE session_key = ? AND turn_id IN (SELECT value FROM json_each(?)) GROUP BY turn_id, model ORDER BY turn_id, model`,
    ).all(sessionKey, JSON.stringify(turnIds)),
  );
  for (const r of rows) {
    const list = out.get(r.turn_id) ?? [];
    list.push({ model: r.model, promptTokens: r.p, completionTokens: r.c, totalTokens: r.t });
    out.set(r.turn_id, list);
  }
  return out;
}

/** Summed usage per model of one session (every turn, consolidation included). */
export function sessionUsageByModel(db: Database, sessionKey: string): ({ model: string } & TokenUsage)[] {
  const rows = cachedStatement(
    db,
    `SELECT model, sum(prompt_tokens) AS p, sum(completion_tokens) AS c, sum(total_tokens) AS t
     FROM usage WHERE session_key = ? GROUP BY model ORDER BY t DESC, model`,
  ).all(sessionKey);
  return parseRows('usage', modelRowSchema, rows).map((r) => ({ model: r.model, promptTokens: r.p, completionTokens: r.c, totalTokens: r.t }));
}
