// Migration 3: approval rules may name a host (web_fetch egress): approval_rules is rebuilt with 'host' in its kind CHECK.
import type { Database } from '../sqlite-driver';

export const version = 3;

export function up(db: Database): void {
  // SQLite cannot alter a CHECK constraint: copy into a new table, swap it in (ids are kept).
  db.exec(`
    CREATE TABLE approval_rules_next (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','server','host')),
      pattern     TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern)
    ) STRICT;
    INSERT INTO approval_rules_next (id, tool, kind, pattern, created_at)
      SELECT id, tool, kind, pattern, created_at FROM approval_rules;
    DROP TABLE approval_rules;
    ALTER TABLE approval_rules_next RENAME TO approval_rules;
  `);
}
