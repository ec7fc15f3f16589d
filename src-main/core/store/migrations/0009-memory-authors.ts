// Migration 9: memory_authors remembers who wrote each text a workspace markdown file had (by its content version),
// so the history names the writer of every version and of the current text, not the one who replaced it.
import type { Database } from '../sqlite-driver';

export const version = 9;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE memory_authors (
      path        TEXT NOT NULL,
      version     TEXT NOT NULL,
      author      TEXT NOT NULL CHECK (author IN ('user','agent','external','system')),
      created_at  INTEGER NOT NULL,
      PRIMARY KEY (path, version)
    ) STRICT;
  `);
}
