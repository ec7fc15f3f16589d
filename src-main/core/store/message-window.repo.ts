// A session's newest messages, read page by page from the end until the caller's budget is spent (a long session
// loads only what can fit the model's window), and the exact token counts stored with them (messages.tokens).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { metaSchema, roleSchema, toolCallsSchema, type ModelMessageFields } from './messages.repo';
import { countRowSchema, parseAggregate, parseJsonColumn, parseRow } from './row-parsing';

/** What the window needs of a stored message: its model message, its stored count and its text size. */
export interface WindowRow extends ModelMessageFields {
  id: number;
  tokens?: number;
  /** UTF-8 size of the content plus the stored tool-call JSON (the measure of windowFingerprint). */
  bytes: number;
}

export interface RecentMessages {
  /** The rows taken, oldest first. */
  rows: WindowRow[];
  /** Messages after `afterId` older than `rows[0]` that were not read, because `take` refused a newer one. */
  unread: number;
}

export interface RecentOptions {
  /** Only messages with a larger id (those consolidated into memory are left out). */
  afterId?: number;
  /** Called newest to oldest; returning false stops the read (that row is not taken). */
  take(row: WindowRow): boolean;
  /** Rows per query (default 256). */
  pageSize?: number;
}

const windowRowSchema = z.object({
  id: z.number(),
  role: roleSchema,
  content: z.string().nullable(),
  tool_calls: z.string().nullable(),
  tool_call_id: z.string().nullable(),
  name: z.string().nullable(),
  meta: z.string(),
  tokens: z.number().nullable(),
  bytes: z.number(),
});

/** Only the columns a model message needs (a third less to copy out of SQLite than SELECT *). */
const WINDOW_COLUMNS = `id, role, content, tool_calls, tool_call_id, name, meta, tokens,
  ifnull(length(CAST(content AS BLOB)), 0) + ifnull(length(CAST(tool_calls AS BLOB)), 0) AS bytes`;
const PAGE_SQL = `SELECT ${WINDOW_COLUMNS} FROM messages WHERE session_key = ? AND id > ? AND id < ? ORDER BY id DESC LIMIT ?`;
const AFTER_SQL = `SELECT ${WINDOW_COLUMNS} FROM messages WHERE session_key = ? AND id > ? ORDER BY id`;
const OLDER_SQL = 'SELECT count(*) AS n FROM messages WHERE session_key = ? AND id > ? AND id < ?';

function toWindowRow(raw: unknown): WindowRow {
  const r = parseRow('messages', windowRowSchema, raw)!;
  const row: WindowRow = {
    id: r.id,
    role: r.role,
    content: r.content,
    toolCalls: parseJsonColumn(r.tool_calls, toolCallsSchema, []),
    meta: r.meta === '{}' ? {} : parseJsonColumn(r.meta, metaSchema, {}), // most rows: no JSON to parse
    bytes: r.bytes,
  };
  // Optional fields are set only when present (thousands of rows per window: no temporary objects).
  if (r.tool_call_id) row.toolCallId = r.tool_call_id;
  if (r.name) row.name = r.name;
  if (r.tokens !== null) row.tokens = r.tokens;
  return row;
}

/** The newest messages of a session that `take` accepts, read backwards one page at a time. */
export function listRecentMessages(db: Database, sessionKey: string, options: RecentOptions): RecentMessages {
  const afterId = options.afterId ?? 0;
  const pageSize = options.pageSize ?? 256;
  const taken: WindowRow[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const page = cachedStatement(db, PAGE_SQL).all(sessionKey, afterId, before, pageSize).map(toWindowRow);
    for (const row of page) {
      if (!options.take(row)) {
        taken.reverse();
        const older = parseAggregate('messages', countRowSchema, cachedStatement(db, OLDER_SQL).get(sessionKey, afterId, row.id));
        return { rows: taken, unread: older.n + 1 };
      }
      taken.push(row);
    }
    if (page.length < pageSize) break;
    before = page.at(-1)!.id;
  }
  return { rows: taken.reverse(), unread: 0 };
}

/** The session's messages with an id above `afterId`, oldest first (what a cached window adds). */
export function listWindowRowsAfter(db: Database, sessionKey: string, afterId: number): WindowRow[] {
  return cachedStatement(db, AFTER_SQL).all(sessionKey, afterId).map(toWindowRow);
}

/** Stores exact token counts of messages (in one transaction); a later edit of the text clears a count again. */
export function setMessageTokens(db: Database, counts: ReadonlyArray<{ id: number; tokens: number }>): void {
  if (!counts.length) return;
  const update = cachedStatement(db, 'UPDATE messages SET tokens = ? WHERE id = ?');
  db.transaction(() => {
    for (const c of counts) update.run(c.tokens, c.id);
  })();
}

const fingerprintRowSchema = z.object({ n: z.number(), id: z.number().nullable(), bytes: z.number() });

/**
 * How many messages the session has from `fromId` on (and after `afterId`), the newest id and their summed UTF-8
 * size: a cached window compares it to see a deletion or an edit in place, reading only the window's rows.
 */
export function windowFingerprint(db: Database, sessionKey: string, afterId: number, fromId: number): { count: number; maxId: number; bytes: number } {
  const row = cachedStatement(
    db,
    `SELECT count(*) AS n, max(id) AS id, total(length(CAST(content AS BLOB))) + total(length(CAST(tool_calls AS BLOB))) AS bytes
       FROM messages WHERE session_key = ? AND id > ? AND id >= ?`,
  ).get(sessionKey, afterId, fromId);
  const parsed = parseAggregate('messages', fingerprintRowSchema, row);
  return { count: parsed.n, maxId: parsed.id ?? 0, bytes: parsed.bytes };
}
