// Full-text search over user and assistant messages (the FTS5 index messages_fts), best matches first.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRows } from './row-parsing';
import { MATCH_CLOSE, MATCH_OPEN, plainSnippet } from './plain-snippet';

/** One message that matched, with a plain-text `[highlighted]` snippet around the match. */
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

/**
 * The best matches (bm25) among the newest RANKED_MATCHES matching messages. Ranking every match costs ~100 ms for a
 * common word in 100,000 messages (FTS5 scores all of them before the LIMIT); the newest 1,000 are read in rowid
 * order and stop early, so a search stays near 10 ms, and a query with fewer matches ranks them all.
 */
const RANKED_MATCHES = 1_000;
const SEARCH_SQL = `SELECT m.id AS id, m.session_key AS session_key, s.title AS title, m.role AS role, m.created_at AS created_at, best.snippet AS snippet
   FROM (SELECT rowid AS rid, bm25(messages_fts) AS score, snippet(messages_fts, 0, '${MATCH_OPEN}', '${MATCH_CLOSE}', '…', 12) AS snippet
           FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT ${RANKED_MATCHES}) AS best
   JOIN messages m ON m.id = best.rid
   LEFT JOIN sessions s ON s.key = m.session_key
  WHERE m.role IN ('user','assistant')
  ORDER BY best.score LIMIT ?`;

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
    snippet: plainSnippet(r.snippet),
    createdAt: r.created_at,
  }));
}
