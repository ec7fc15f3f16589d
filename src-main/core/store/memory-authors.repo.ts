// memory_authors: who wrote a text a workspace markdown file had, by the text's content version (user, agent, another
// program, Nanotray itself), so the history can say whose text each version and the current one is.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRows } from './row-parsing';
import type { VersionAuthor } from './memory-versions.repo';

/** Texts remembered per file; older ones go (the versions kept are at most 100). */
const KEPT_PER_FILE = 300;

const authorRowSchema = z.object({ version: z.string(), author: z.enum(['user', 'agent', 'external', 'system']) });

/** Records that `author` wrote the text with content version `version` of `path` (the latest writer wins). */
export function recordContentAuthor(db: Database, entry: { path: string; version: string; author: VersionAuthor; at: number }): void {
  db.transaction(() => {
    cachedStatement(db, 'INSERT OR REPLACE INTO memory_authors (path, version, author, created_at) VALUES (?, ?, ?, ?)').run(
      entry.path,
      entry.version,
      entry.author,
      entry.at,
    );
    cachedStatement(
      db,
      'DELETE FROM memory_authors WHERE path = ? AND rowid NOT IN (SELECT rowid FROM memory_authors WHERE path = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)',
    ).run(entry.path, entry.path, KEPT_PER_FILE);
  })();
}

/** Who wrote each of `versions` of `path`, where known. */
export function contentAuthors(db: Database, path: string): Map<string, VersionAuthor> {
  const rows = parseRows('memory_authors', authorRowSchema, cachedStatement(db, 'SELECT version, author FROM memory_authors WHERE path = ?').all(path));
  return new Map(rows.map((r) => [r.version, r.author]));
}
