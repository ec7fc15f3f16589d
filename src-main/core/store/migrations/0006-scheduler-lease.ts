// Migration 6: who runs heartbeat and cron for this home (the scheduler lease's holder, one row), and one
// claim per scheduled run so that no due time runs twice, whatever the number of processes.
import type { Database } from '../sqlite-driver';

export const version = 6;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE scheduler_lease (
      id           INTEGER PRIMARY KEY CHECK (id = 1),
      holder_id    TEXT NOT NULL,
      host         TEXT NOT NULL,
      pid          INTEGER NOT NULL,
      hostname     TEXT NOT NULL,
      acquired_at  INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE run_claims (
      key            TEXT PRIMARY KEY,
      last_due_at    INTEGER NOT NULL,
      holder_id      TEXT,
      holder_pid     INTEGER,
      holder_host    TEXT,
      running_since  INTEGER
    ) STRICT;
  `);
}
