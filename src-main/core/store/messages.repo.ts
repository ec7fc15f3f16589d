// Messages of a session: append (atomically per step of a turn), list, count, and turn rows into a valid
// chat history (every assistant tool call answered, no orphan tool results).
import type { ChatMessage, ContentPart, TokenUsage, ToolCall } from '../agent/chat-message';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';

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
}

interface RawMessage {
  id: number;
  session_key: string;
  turn_id: string | null;
  role: MessageRole;
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  name: string | null;
  usage: string | null;
  meta: string;
  created_at: number;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toStored(r: RawMessage): StoredMessage {
  const usage = parseJson<TokenUsage | undefined>(r.usage, undefined);
  return {
    id: r.id,
    sessionKey: r.session_key,
    turnId: r.turn_id,
    role: r.role,
    content: r.content,
    toolCalls: parseJson<ToolCall[]>(r.tool_calls, []),
    ...(r.tool_call_id ? { toolCallId: r.tool_call_id } : {}),
    ...(r.name ? { name: r.name } : {}),
    ...(usage ? { usage } : {}),
    meta: parseJson<Record<string, unknown>>(r.meta, {}),
    createdAt: r.created_at,
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
  const rows = (cachedStatement(db, sql).all(...params) as RawMessage[]).map(toStored);
  return newestFirst ? rows.reverse() : rows;
}

/** Number of messages in one session, or in all sessions. */
export function countMessages(db: Database, sessionKey?: string): number {
  const row = sessionKey
    ? cachedStatement(db, 'SELECT count(*) AS n FROM messages WHERE session_key = ?').get(sessionKey)
    : cachedStatement(db, 'SELECT count(*) AS n FROM messages').get();
  return (row as { n: number }).n;
}

export function lastMessageId(db: Database, sessionKey: string): number {
  const row = cachedStatement(db, 'SELECT max(id) AS id FROM messages WHERE session_key = ?').get(sessionKey) as { id: number | null };
  return row.id ?? 0;
}

/** Images stored with a user message (`meta.images`), as image parts. */
function imageParts(meta: Record<string, unknown>): ContentPart[] {
  const images = Array.isArray(meta.images) ? (meta.images as { mimeType?: unknown; data?: unknown }[]) : [];
  return images
    .filter((i) => typeof i.mimeType === 'string' && typeof i.data === 'string')
    .map((i) => ({ type: 'image_url', image_url: { url: `data:${String(i.mimeType)};base64,${String(i.data)}` } }));
}

/** A stored row as the model sees it. */
export function toChatMessage(m: StoredMessage): ChatMessage {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content ?? '' };
    case 'user': {
      const images = imageParts(m.meta);
      if (!images.length) return { role: 'user', content: m.content ?? '' };
      return { role: 'user', content: [{ type: 'text', text: m.content ?? '' }, ...images] };
    }
    case 'assistant':
      return m.toolCalls.length ? { role: 'assistant', content: m.content, toolCalls: m.toolCalls } : { role: 'assistant', content: m.content ?? '' };
    case 'tool':
      return { role: 'tool', toolCallId: m.toolCallId ?? '', name: m.name ?? '', content: m.content ?? '' };
  }
}

/** What a tool call that never got a result is answered with when the history is repaired. */
export const MISSING_TOOL_RESULT = 'Error: This tool call did not finish (the turn was interrupted), so there is no result.';

/**
 * Makes a history valid for chat-completions: each assistant message with tool calls is followed by exactly
 * one tool message per call (missing ones are filled in with an interruption note), and tool messages that
 * answer no call directly before them are dropped. A leading run of tool messages is dropped too.
 */
export function repairHistory(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let i = 0;
  while (i < messages.length) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      i++; // orphan: no assistant call directly before it
      continue;
    }
    out.push(m);
    i++;
    if (m.role !== 'assistant' || !m.toolCalls?.length) continue;
    const results = new Map<string, ChatMessage & { role: 'tool' }>();
    while (i < messages.length && messages[i]!.role === 'tool') {
      const t = messages[i] as ChatMessage & { role: 'tool' };
      if (!results.has(t.toolCallId)) results.set(t.toolCallId, t);
      i++;
    }
    for (const call of m.toolCalls) {
      out.push(results.get(call.id) ?? { role: 'tool', toolCallId: call.id, name: call.name, content: MISSING_TOOL_RESULT });
    }
  }
  return out;
}

/** Stored rows as model messages (system rows only when marked `meta.visibleToModel`), not yet repaired. */
export function toHistoryMessages(rows: StoredMessage[]): ChatMessage[] {
  return rows.filter((r) => r.role !== 'system' || r.meta.visibleToModel === true).map(toChatMessage);
}

/** The session's messages after `afterId` as a repaired chat history, oldest first. */
export function loadHistory(db: Database, sessionKey: string, options: { afterId?: number } = {}): ChatMessage[] {
  const rows = listMessages(db, sessionKey, options.afterId !== undefined ? { afterId: options.afterId } : {});
  return repairHistory(toHistoryMessages(rows));
}

/**
 * A cheap fingerprint of the session's messages after `afterId`: how many, the newest id, and the summed
 * UTF-8 size of their text, so a deletion or an edit in place (e.g. a token stripped by the heartbeat) shows.
 */
export function messageStats(db: Database, sessionKey: string, afterId = 0): { count: number; maxId: number; bytes: number } {
  const row = cachedStatement(
    db,
    `SELECT count(*) AS n, max(id) AS id, total(length(CAST(content AS BLOB))) + total(length(CAST(tool_calls AS BLOB))) AS bytes
     FROM messages WHERE session_key = ? AND id > ?`,
  ).get(sessionKey, afterId) as { n: number; id: number | null; bytes: number };
  return { count: row.n, maxId: row.id ?? 0, bytes: row.bytes };
}
