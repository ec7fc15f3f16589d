// Messages of a session: append (atomically per step of a turn), list, count and trim. How a row reads as a
// model message is context/stored-history.ts.
import type { ChatMessage, TokenUsage, ToolCall } from '../model/chat-message';
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { insertToolEvent, type ToolEventRow } from './tool-events.repo';
import { countRowSchema, parseAggregate, parseJsonColumn, parseRow, parseRows } from './row-parsing';

export type MessageRole = ChatMessage['role'];

export interface NewMessage {
  sessionKey: string;
  turnId?: string | null;
  role: MessageRole;
  content: string | null;
  toolCalls?: ToolCall[];
  toolCallId?: string;
  name?: string;
  usage?: TokenUsage;
  /** Free-form details: `images` (user attachments), `source`, `partial`, … */
  meta?: Record<string, unknown>;
  createdAt: number;
}

export interface StoredMessage extends NewMessage {
  id: number;
  turnId: string | null;
  toolCalls: ToolCall[];
  meta: Record<string, unknown>;
  /** Exact tokens of the message as the model sees it (o200k_base), once counted (see message-window.repo.ts). */
  tokens?: number;
}

/** The fields of a stored message that make its model message. */
export type ModelMessageFields = Pick<StoredMessage, 'role' | 'content' | 'toolCalls' | 'toolCallId' | 'name' | 'meta'>;

export const roleSchema = z.enum(['system', 'user', 'assistant', 'tool']);
export const toolCallsSchema = z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() }));
const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });
export const metaSchema = z.record(z.string(), z.unknown());

/** toolCallsSchema as a plain guard (the window's hot read). */
export function isToolCalls(value: unknown): value is ToolCall[] {
  return (
    Array.isArray(value) &&
    value.every((c: unknown) => typeof c === 'object' && c !== null && typeof Reflect.get(c, 'id') === 'string' && typeof Reflect.get(c, 'name') === 'string' && typeof Reflect.get(c, 'arguments') === 'string')
  );
}

/** metaSchema as a plain guard: a JSON object (not an array). */
export function isMeta(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const messageRowSchema = z.object({
  id: z.number(),
  session_key: z.string(),
  turn_id: z.string().nullable(),
  role: roleSchema,
  content: z.string().nullable(),
  tool_calls: z.string().nullable(),
  tool_call_id: z.string().nullable(),
  name: z.string().nullable(),
  usage: z.string().nullable(),
  meta: z.string(),
  created_at: z.number(),
  tokens: z.number().nullable(),
});

function toStored(raw: unknown): StoredMessage {
  const r = parseRow('messages', messageRowSchema, raw)!;
  const usage = parseJsonColumn(r.usage, usageSchema, undefined);
  return {
    id: r.id,
    sessionKey: r.session_key,
    turnId: r.turn_id,
    role: r.role,
    content: r.content,
    toolCalls: parseJsonColumn(r.tool_calls, toolCallsSchema, []),
    ...(r.tool_call_id ? { toolCallId: r.tool_call_id } : {}),
    ...(r.name ? { name: r.name } : {}),
    ...(usage ? { usage } : {}),
    meta: r.meta === '{}' ? {} : parseJsonColumn(r.meta, metaSchema, {}), // most rows: no JSON to parse
    createdAt: r.created_at,
    ...(r.tokens !== null ? { tokens: r.tokens } : {}),
  };
}

const INSERT_SQL = `INSERT INTO messages (session_key, turn_id, role, content, tool_calls, tool_call_id, name, usage, meta, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function insertOne(db: Database, m: NewMessage): number {
  const info = cachedStatement(db, INSERT_SQL)
    .run(
      m.sessionKey,
      m.turnId ?? null,
      m.role,
      m.content,
      m.toolCalls?.length ? JSON.stringify(m.toolCalls) : null,
      m.toolCallId ?? null,
      m.name ?? null,
      m.usage ? JSON.stringify(m.usage) : null,
      JSON.stringify(m.meta ?? {}),
      m.createdAt,
    );
  return Number(info.lastInsertRowid);
}

/** Appends one message (the session row must exist); returns its id. */
export function appendMessage(db: Database, message: NewMessage): number {
  return insertOne(db, message);
}

/** Appends several messages in ONE transaction (an assistant tool-call message and its results). */
export function appendMessages(db: Database, messages: NewMessage[]): number[] {
  return db.transaction(() => messages.map((m) => insertOne(db, m)))();
}

/** One finished tool call: its tool_events row (when the call ran) and its tool message, in ONE transaction. */
export function appendToolResult(db: Database, message: NewMessage, event?: ToolEventRow): number {
  return db.transaction(() => {
    if (event) insertToolEvent(db, event);
    return insertOne(db, message);
  })();
}

export interface ListOptions {
  /** Only messages with a larger id. */
  afterId?: number;
  /** Only messages with a smaller id (paging backwards). */
  beforeId?: number;
  /** With `beforeId` or alone: the newest `limit` messages (returned oldest first). */
  limit?: number;
}

/** Messages of a session, oldest first. With only `limit`, the newest `limit` ones. */
export function listMessages(db: Database, sessionKey: string, options: ListOptions = {}): StoredMessage[] {
  const where = ['session_key = ?'];
  const params: (string | number)[] = [sessionKey];
  if (options.afterId !== undefined) {
    where.push('id > ?');
    params.push(options.afterId);
  }
  if (options.beforeId !== undefined) {
    where.push('id < ?');
    params.push(options.beforeId);
  }
  const newestFirst = options.limit !== undefined && options.afterId === undefined;
  const sql = `SELECT * FROM messages WHERE ${where.join(' AND ')} ORDER BY id ${newestFirst ? 'DESC' : 'ASC'}${
    options.limit !== undefined ? ' LIMIT ?' : ''
  }`;
  if (options.limit !== undefined) params.push(options.limit);
  const rows = cachedStatement(db, sql).all(...params).map(toStored);
  return newestFirst ? rows.reverse() : rows;
}

/** Number of messages in one session, or in all sessions. */
export function countMessages(db: Database, sessionKey?: string): number {
  const row = sessionKey
    ? cachedStatement(db, 'SELECT count(*) AS n FROM messages WHERE session_key = ?').get(sessionKey)
    : cachedStatement(db, 'SELECT count(*) AS n FROM messages').get();
  return parseAggregate('messages', countRowSchema, row).n;
}

const idRoleRowSchema = z.object({ id: z.number(), role: roleSchema });

/**
 * Deletes all but the last `keep` messages of a session, and the tool events of the turns that leaves with no
 * message. The cut never leaves a tool result without the assistant message that called it: tool results at
 * the start of the kept window go too. Returns how many messages were deleted.
 */
export function trimSessionMessages(db: Database, sessionKey: string, keep: number): number {
  return db.transaction(() => {
    const rows = parseRows('messages', idRoleRowSchema, cachedStatement(db, 'SELECT id, role FROM messages WHERE session_key = ? ORDER BY id').all(sessionKey));
    if (rows.length <= keep) return 0;
    let start = rows.length - keep;
    while (start < rows.length && rows[start]!.role === 'tool') start++;
    const firstKept = rows[start]?.id ?? Number.MAX_SAFE_INTEGER;
    const deleted = cachedStatement(db, 'DELETE FROM messages WHERE session_key = ? AND id < ?').run(sessionKey, firstKept).changes;
    cachedStatement(
      db,
      `DELETE FROM tool_events WHERE session_key = ?
         AND turn_id NOT IN (SELECT turn_id FROM messages WHERE session_key = ? AND turn_id IS NOT NULL)`,
    ).run(sessionKey, sessionKey);
    return deleted;
  })();
}
