// The `heartbeat:default` session: keeps the token out of it, appends notified replies, trims to 8 messages.
import type { Database } from '../store/sqlite-driver';
import { ensureSession, touchSession } from '../store/sessions.repo';
import { stripHeartbeatToken } from './heartbeat-reply';

export const HEARTBEAT_SESSION_KEY = 'heartbeat:default';
export const HEARTBEAT_SESSION_KEEP = 8;

interface MessageRow {
  id: number;
  role: string;
  content: string | null;
  tool_calls: string | null;
}

/**
 * Removes the HEARTBEAT_OK token from the session's assistant messages; those that held nothing else (and
 * called no tool) are deleted. Returns how many rows changed.
 */
export function scrubHeartbeatToken(db: Database, sessionKey: string): number {
  const rows = db
    .prepare(
      "SELECT id, role, content, tool_calls FROM messages WHERE session_key = ? AND role = 'assistant' AND content LIKE '%heartbeat%ok%'",
    )
    .all(sessionKey) as MessageRow[];
  let changed = 0;
  for (const row of rows) {
    const stripped = stripHeartbeatToken(row.content ?? '');
    if (stripped === row.content) continue;
    const hasToolCalls = Boolean(row.tool_calls && row.tool_calls !== '[]');
    if (!stripped && !hasToolCalls) {
      db.prepare('DELETE FROM messages WHERE id = ?').run(row.id);
    } else {
      db.prepare('UPDATE messages SET content = ? WHERE id = ?').run(stripped, row.id);
    }
    changed++;
  }
  return changed;
}

/** The content of the newest assistant message of the session, if any. */
export function lastAssistantText(db: Database, sessionKey: string): string | undefined {
  const row = db
    .prepare("SELECT content FROM messages WHERE session_key = ? AND role = 'assistant' ORDER BY id DESC LIMIT 1")
    .get(sessionKey) as { content: string | null } | undefined;
  return row?.content ?? undefined;
}

/** Appends an assistant message written outside a streamed turn. */
export function appendAssistantMessage(db: Database, sessionKey: string, content: string, now: number): void {
  ensureSession(db, sessionKey, now);
  db.prepare(
    "INSERT INTO messages (session_key, role, content, meta, created_at) VALUES (?, 'assistant', ?, '{\"source\":\"heartbeat\"}', ?)",
  ).run(sessionKey, content, now);
  touchSession(db, sessionKey, now);
}

/**
 * Deletes all but the last `keep` messages. The cut never leaves a tool result without the assistant
 * message that called it: tool results at the start of the kept window are dropped too.
 */
export function trimSession(db: Database, sessionKey: string, keep = HEARTBEAT_SESSION_KEEP): number {
  const rows = db.prepare('SELECT id, role FROM messages WHERE session_key = ? ORDER BY id').all(sessionKey) as {
    id: number;
    role: string;
  }[];
  if (rows.length <= keep) return 0;
  let start = rows.length - keep;
  while (start < rows.length && rows[start]!.role === 'tool') start++;
  if (start >= rows.length) return db.prepare('DELETE FROM messages WHERE session_key = ?').run(sessionKey).changes;
  return db.prepare('DELETE FROM messages WHERE session_key = ? AND id < ?').run(sessionKey, rows[start]!.id).changes;
}
