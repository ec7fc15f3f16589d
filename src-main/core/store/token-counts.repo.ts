// Exact token counts of texts other than messages (a workspace's system prompt, the tool definitions), by the
// SHA-256 of the text: a cold process knows them without loading the tokenizer.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRow } from './row-parsing';

/** Counts kept at most; the oldest go first (a prompt that changed is not counted again). */
const KEPT_COUNTS = 256;

const tokensRowSchema = z.object({ tokens: z.number() });

/** The stored count of the text with this digest, if any. */
export function getTokenCount(db: Database, digest: string): number | undefined {
  return parseRow('token_counts', tokensRowSchema, cachedStatement(db, 'SELECT tokens FROM token_counts WHERE digest = ?').get(digest))?.tokens;
}

/** Stores (or refreshes) a count, then drops the oldest beyond KEPT_COUNTS. */
export function putTokenCount(db: Database, digest: string, tokens: number, now: number): void {
  db.transaction(() => {
    cachedStatement(db, 'INSERT INTO token_counts (digest, tokens, used_at) VALUES (?, ?, ?) ON CONFLICT(digest) DO UPDATE SET tokens = excluded.tokens, used_at = excluded.used_at').run(digest, tokens, now);
    cachedStatement(db, 'DELETE FROM token_counts WHERE digest NOT IN (SELECT digest FROM token_counts ORDER BY used_at DESC, rowid DESC LIMIT ?)').run(KEPT_COUNTS);
  })();
}
