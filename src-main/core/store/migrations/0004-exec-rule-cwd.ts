// Migration 4: exec rules are bound to the folder they were given in, and may name one exact command: approval_rules gets a
// `cwd` column and the kind 'exact'; the table is rebuilt (SQLite cannot alter a CHECK or UNIQUE in place).
import type { Database } from '../sqlite-driver';

export const version = 4;

export function up(db: Database): void {
  // Prefix rules stored before this carry no folder (cwd ''), so they cover no command until given again.
  db.exec(`
    CREATE TABLE approval_rules_next (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','exact','server','host')),
      pattern     TEXT NOT NULL DEFAULT '',
      cwd         TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern, cwd)
    ) STRICT;
    INSERT INTO approval_rules_next (id, tool, kind, pattern, created_at)
      SELECT id, tool, kind, pattern, created_at FROM approval_rules;
    DROP TABLE approval_rules;
    ALTER TABLE approval_rules_next RENAME TO approval_rules;
  `);
}
