// Full-text search over user and assistant messages (the FTS5 index messages_fts), best matches first.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRows } from './row-parsing';

/** One message that matched, with a `[highlighted]` snippet around the match. */
export interface MessageSearchHit {
  messageId: number;
  sessionKey: string;
  sessionTitle: string;
  role: 'user' | 'assistant';
  snippet: string;
  createdAt: number;
}

const hitRowSchema = z.object({
  id: z.number(),
  session_key: z.string(),
  title: z.string().nullable(),
  role: z.enum(['user', 'assistant']),
  created_at: z.number(),
  snippet: z.string(),
});

const SEARCH_SQL = `SELECT m.id AS id, m.session_key AS session_key, s.title AS title, m.role AS role, m.created_at AS created_at,
        snippet(messages_fts, 0, '[', ']', '…', 12) AS snippet
   FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
   LEFT JOIN sessions s ON s.key = m.session_key
  WHERE messages_fts MATCH ? AND m.role IN ('user','assistant')
  ORDER BY rank LIMIT ?`;

/** Turns free text into a safe FTS5 query: every word quoted, prefix match on the last one. */
export function ftsQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (!words.length) return undefined;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** Up to `limit` messages matching every word of `query` (the last word as a prefix); none for a query without words. */
export function searchMessages(db: Database, query: string, limit: number): MessageSearchHit[] {
  const match = ftsQuery(query);
  if (!match) return [];
  return parseRows('messages', hitRowSchema, cachedStatement(db, SEARCH_SQL).all(match, limit)).map((r) => ({
    messageId: r.id,
    sessionKey: r.session_key,
    sessionTitle: r.title ?? '',
    role: r.role,
    snippet: r.snippet,
    createdAt: r.created_at,
  }));
}
