// Migration 10: a cron run is recorded when it starts (status 'running', with the process that runs it) and ends
// as ok, error, stopped or interrupted (its process died: marked by the next scheduler owner). SQLite cannot
// change a CHECK constraint in place, so the table is made anew and the old runs copied.
import type { Database } from '../sqlite-driver';

export const version = 10;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE cron_runs_new (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id       TEXT NOT NULL,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      status       TEXT NOT NULL CHECK (status IN ('running','ok','error','skipped','stopped','interrupted')),
      error        TEXT,
      late         INTEGER NOT NULL DEFAULT 0,
      holder_id    TEXT,
      holder_pid   INTEGER,
      holder_host  TEXT
    ) STRICT;
    INSERT INTO cron_runs_new (id, job_id, started_at, duration_ms, status, error, late)
      SELECT id, job_id, started_at, duration_ms, status, error, late FROM cron_runs;
    DROP TABLE cron_runs;
    ALTER TABLE cron_runs_new RENAME TO cron_runs;
    CREATE INDEX cron_runs_job ON cron_runs(job_id, id);
    CREATE INDEX cron_runs_running ON cron_runs(status) WHERE status = 'running';
  `);
}
