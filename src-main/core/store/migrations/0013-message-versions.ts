// Migration 13: versions of a chat's end. Edit and Regenerate no longer delete what they replace: the rows after the
// fork move, ids kept, into archived_messages under a message_branches row (the message they follow), and a chosen
// version moves back. Whatever reads `messages` (the model's history, the window, search, export) sees the branch shown.
import type { Database } from '../sqlite-driver';

export const version = 13;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS message_branches (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      parent_id   INTEGER NOT NULL,
      created_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS message_branches_parent ON message_branches(session_key, parent_id);
    CREATE TABLE IF NOT EXISTS archived_messages (
      id            INTEGER PRIMARY KEY,
      branch_id     INTEGER NOT NULL REFERENCES message_branches(id) ON DELETE CASCADE,
      session_key   TEXT NOT NULL,
      turn_id       TEXT,
      role          TEXT NOT NULL,
      content       TEXT,
      tool_calls    TEXT,
      tool_call_id  TEXT,
      name          TEXT,
      usage         TEXT,
      meta          TEXT NOT NULL DEFAULT '{}',
      created_at    INTEGER NOT NULL,
      tokens        INTEGER
    ) STRICT;
    CREATE INDEX IF NOT EXISTS archived_messages_branch ON archived_messages(branch_id, id);
  `);
}
