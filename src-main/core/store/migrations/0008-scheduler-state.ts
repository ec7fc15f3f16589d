// Migration 8: scheduler state every process shares (the heartbeat's pause), so pausing in the desktop app
// also pauses the heartbeat that `nanotray daemon` runs.
import type { Database } from '../sqlite-driver';

export const version = 8;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE scheduler_state (
      key    TEXT PRIMARY KEY,
      value  INTEGER NOT NULL
    ) STRICT;
  `);
}
