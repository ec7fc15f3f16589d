// Migration 11: egress_log, the ledger of every connection the agent made or tried to make to the outside (kept 30 days).
// IF NOT EXISTS: running it again on a database that has the table (a home restored from a newer build) is a no-op.
import type { Database } from '../sqlite-driver';

export const version = 11;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS egress_log (
      id           INTEGER PRIMARY KEY,
      at           INTEGER NOT NULL,
      session_key  TEXT NOT NULL,
      host         TEXT NOT NULL,
      port         INTEGER NOT NULL,
      bytes_out    INTEGER NOT NULL DEFAULT 0,
      bytes_in     INTEGER NOT NULL DEFAULT 0,
      source_kind  TEXT NOT NULL CHECK (source_kind IN ('exec','web_fetch','mcp')),
      source_name  TEXT NOT NULL DEFAULT '',
      verdict      TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS egress_log_at ON egress_log (at);
    CREATE INDEX IF NOT EXISTS egress_log_host ON egress_log (host, at);
  `);
}
