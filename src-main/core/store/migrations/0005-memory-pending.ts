// Migration 5: memory_pending holds changes to the prompt files that wait for the user's review (a diff against
// the text they were proposed on), and what became of them.
import type { Database } from '../sqlite-driver';

export const version = 5;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE memory_pending (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      path          TEXT NOT NULL,
      base_version  TEXT NOT NULL,
      base_content  TEXT NOT NULL,
      proposed      TEXT NOT NULL,
      source        TEXT NOT NULL CHECK (source IN ('consolidation','agent')),
      session_key   TEXT NOT NULL DEFAULT '',
      tool          TEXT NOT NULL DEFAULT '',
      status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','rejected')),
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL,
      resolved_at   INTEGER
    ) STRICT;
    CREATE INDEX memory_pending_status ON memory_pending(status, id);
  `);
}
