// tool_events gets a foreign key to sessions with ON DELETE CASCADE, so deleting or clearing a session leaves
// no orphan tool events. SQLite cannot add a constraint in place: the table is rebuilt and its rows copied.
// Rows that were already orphans (their session deleted, or their turn's messages cleared) are not copied.
import type { Database } from '../sqlite-driver';

export const version = 2;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE tool_events_new (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      turn_id       TEXT NOT NULL,
      call_id       TEXT NOT NULL,
      name          TEXT NOT NULL,
      args          TEXT NOT NULL,
      status        TEXT NOT NULL CHECK (status IN ('ok','error','denied')),
      result        TEXT NOT NULL DEFAULT '',
      started_at    INTEGER NOT NULL,
      duration_ms   INTEGER NOT NULL
    ) STRICT;

    INSERT INTO tool_events_new (id, session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms)
      SELECT e.id, e.session_key, e.turn_id, e.call_id, e.name, e.args, e.status, e.result, e.started_at, e.duration_ms
        FROM tool_events e
       WHERE EXISTS (SELECT 1 FROM messages m WHERE m.session_key = e.session_key AND m.turn_id = e.turn_id);

    DROP TABLE tool_events;
    ALTER TABLE tool_events_new RENAME TO tool_events;
    CREATE INDEX tool_events_session ON tool_events(session_key, id);
  `);
}
