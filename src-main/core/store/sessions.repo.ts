// Sessions: one row per conversation, keyed `channel:chat_id`, with JSON metadata (model preset, usage, …).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { countRowSchema, parseAggregate, parseJsonColumn, parseRow } from './row-parsing';

const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });

export const sessionMetaSchema = z
  .object({
    /** The session's model preset (applies from its next turn; survives restarts). */
    modelPreset: z.string().optional(),
    /** The session's own model, picked from a provider's list with no preset (wins over modelPreset; one is set at a time). */
    model: z.object({ provider: z.string(), model: z.string() }).optional().catch(undefined),
    /** Token usage of the last completed turn, summed over its model calls. */
    lastUsage: usageSchema.optional(),
    /** Messages with id <= this were consolidated into memory and are not sent to the model. */
    consolidatedThrough: z.number().int().optional(),
    /**
     * Consolidation failed (the model answered without a summary, or the call failed) when the session had this many
     * messages after consolidatedThrough: it is tried again once the session has grown by a few more, not every turn.
     */
    consolidationFailedAt: z.number().int().optional(),
    /**
     * The running summary of the consolidated messages, shown in the system prompt in their place. A value of another
     * type (written by hand) reads as no summary rather than failing the session's metadata.
     */
    consolidatedSummary: z.string().optional().catch(undefined),
    /** When the user pinned the chat to the top of the list (absent: not pinned). */
    pinnedAt: z.number().optional().catch(undefined),
    /** When the user archived the chat (absent: in the list); archived chats show only in the Archived view. */
    archivedAt: z.number().optional().catch(undefined),
    /** The user typed the title (a rename): an app-made title is no longer worded in the window's language. */
    titleByUser: z.boolean().optional().catch(undefined),
  })
  .loose();

export type SessionMeta = z.output<typeof sessionMetaSchema>;

export interface SessionRow {
  key: string;
  channel: string;
  chatId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  meta: SessionMeta;
}

const sessionRowSchema = z.object({
  key: z.string(),
  channel: z.string(),
  chat_id: z.string(),
  title: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  metadata: z.string(),
});

/** `desktop:abc` → channel `desktop`, chat id `abc`; a key without a colon is `<key>:default`. */
export function splitSessionKey(key: string): { channel: string; chatId: string } {
  const i = key.indexOf(':');
  if (i <= 0) return { channel: key || 'desktop', chatId: 'default' };
  return { channel: key.slice(0, i), chatId: key.slice(i + 1) || 'default' };
}

function toRow(raw: unknown): SessionRow {
  const r = parseRow('sessions', sessionRowSchema, raw)!;
  return {
    key: r.key,
    channel: r.channel,
    chatId: r.chat_id,
    title: r.title,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    meta: parseJsonColumn(r.metadata, sessionMetaSchema, {}),
  };
}

export function getSession(db: Database, key: string): SessionRow | undefined {
  const row = db.prepare('SELECT * FROM sessions WHERE key = ?').get(key);
  return row === undefined ? undefined : toRow(row);
}

/** Returns the session, creating it when missing. */
export function ensureSession(db: Database, key: string, now = Date.now()): SessionRow {
  const { channel, chatId } = splitSessionKey(key);
  db.prepare(
    'INSERT INTO sessions (key, channel, chat_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO NOTHING',
  ).run(key, channel, chatId, now, now);
  return getSession(db, key)!;
}

export function touchSession(db: Database, key: string, now = Date.now()): void {
  db.prepare('UPDATE sessions SET updated_at = ? WHERE key = ?').run(now, key);
}

export function setSessionTitle(db: Database, key: string, title: string): void {
  db.prepare('UPDATE sessions SET title = ? WHERE key = ?').run(title.trim().slice(0, 200), key);
}

/** Shallow-merges `patch` into the session's metadata; `undefined` values remove keys. */
export function updateSessionMeta(db: Database, key: string, patch: Partial<SessionMeta>): SessionMeta {
  ensureSession(db, key);
  return db.transaction(() => {
    const current = getSession(db, key)!.meta;
    const next: SessionMeta = { ...current, ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k];
    db.prepare('UPDATE sessions SET metadata = ? WHERE key = ?').run(JSON.stringify(next), key);
    return next;
  })();
}

/** True when the session holds no message (a chat started and left before anything was sent). */
export function sessionIsEmpty(db: Database, key: string): boolean {
  return db.prepare('SELECT 1 FROM messages WHERE session_key = ? LIMIT 1').get(key) === undefined;
}

export function listSessions(db: Database, options: { limit?: number; channel?: string } = {}): SessionRow[] {
  const limit = options.limit ?? 500;
  const rows = options.channel
    ? db.prepare('SELECT * FROM sessions WHERE channel = ? ORDER BY updated_at DESC, key LIMIT ?').all(options.channel, limit)
    : db.prepare('SELECT * FROM sessions ORDER BY updated_at DESC, key LIMIT ?').all(limit);
  return rows.map(toRow);
}

/** Deletes the session and (by cascade) its messages and tool events. */
export function deleteSession(db: Database, key: string): boolean {
  return db.prepare('DELETE FROM sessions WHERE key = ?').run(key).changes > 0;
}

export function countSessions(db: Database): number {
  return parseAggregate('sessions', countRowSchema, db.prepare('SELECT count(*) AS n FROM sessions').get()).n;
}
