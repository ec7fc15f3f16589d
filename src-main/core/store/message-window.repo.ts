// A session's newest messages, read page by page from the end until the caller's budget is spent (a long session
// loads only what can fit the model's window), and the exact token counts stored with them (messages.tokens).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedRawStatement, cachedStatement } from './statement-cache';
import { isMeta, isToolCalls, type MessageRole, type ModelMessageFields } from './messages.repo';
import { checkedJsonColumn, countRowSchema, parseAggregate, RowShapeError } from './row-parsing';

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

const ROLES: ReadonlySet<unknown> = new Set<MessageRole>(['system', 'user', 'assistant', 'tool']);

function isRole(value: unknown): value is MessageRole {
  return ROLES.has(value);
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';
const isText = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * Only the columns a model message needs (a third less to copy out of SQLite than SELECT *), in this order: the rows
 * are read as arrays (cachedRawStatement), half the cost of an object per row.
 */
const WINDOW_COLUMNS = `id, role, content, tool_calls, tool_call_id, name, meta, tokens,
  ifnull(octet_length(content), 0) + ifnull(octet_length(tool_calls), 0) AS bytes`;
const PAGE_SQL = `SELECT ${WINDOW_COLUMNS} FROM messages WHERE session_key = ? AND id > ? AND id < ? ORDER BY id DESC LIMIT ?`;
const AFTER_SQL = `SELECT ${WINDOW_COLUMNS} FROM messages WHERE session_key = ? AND id > ? ORDER BY id`;
const OLDER_SQL = 'SELECT count(*) AS n FROM messages WHERE session_key = ? AND id > ? AND id < ?';

/**
 * One row of WINDOW_COLUMNS, checked with typeof instead of zod (a window reads thousands of rows our own checked
 * writes produced, every turn of a new process): a damaged or foreign row is still a RowShapeError.
 */
function toWindowRow(raw: unknown): WindowRow {
  const cols: readonly unknown[] = Array.isArray(raw) ? raw : [];
  const [id, role, content, toolCalls, toolCallId, name, meta, tokens, bytes] = cols;
  if (!isNumber(id) || !isRole(role) || !isText(content) || !isText(toolCalls) || !isText(toolCallId) || !isText(name) || !isString(meta) || !(tokens === null || isNumber(tokens)) || !isNumber(bytes)) {
    throw new RowShapeError('messages', `a message row does not have the window's columns (id ${JSON.stringify(id)})`);
  }
  const row: WindowRow = {
    id,
    role,
    content,
    // Only the three fields (as a schema parse gives them), whatever else the stored JSON holds.
    toolCalls: checkedJsonColumn(toolCalls, isToolCalls, []).map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
    meta: meta === '{}' ? {} : checkedJsonColumn(meta, isMeta, {}), // most rows: no JSON to parse
    bytes,
  };
  // Optional fields are set only when present (thousands of rows per window: no temporary objects).
  if (toolCallId) row.toolCallId = toolCallId;
  if (name) row.name = name;
  if (tokens !== null) row.tokens = tokens;
  return row;
}

/** The newest messages of a session that `take` accepts, read backwards one page at a time. */
export function listRecentMessages(db: Database, sessionKey: string, options: RecentOptions): RecentMessages {
  const afterId = options.afterId ?? 0;
  const pageSize = options.pageSize ?? 256;
  const taken: WindowRow[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const page = cachedRawStatement(db, PAGE_SQL).all(sessionKey, afterId, before, pageSize).map(toWindowRow);
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
  return cachedRawStatement(db, AFTER_SQL).all(sessionKey, afterId).map(toWindowRow);
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
