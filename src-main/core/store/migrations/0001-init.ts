// The first schema: every table of the app, STRICT, snake_case.
import type { Database } from '../sqlite-driver';

export const version = 1;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE sessions (
      key         TEXT PRIMARY KEY,
      channel     TEXT NOT NULL,
      chat_id     TEXT NOT NULL,
      title       TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL,
      metadata    TEXT NOT NULL DEFAULT '{}'
    ) STRICT;
    CREATE INDEX sessions_updated ON sessions(updated_at DESC);

    CREATE TABLE messages (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      turn_id       TEXT,
      role          TEXT NOT NULL CHECK (role IN ('system','user','assistant','tool')),
      content       TEXT,
      tool_calls    TEXT,
      tool_call_id  TEXT,
      name          TEXT,
      usage         TEXT,
      meta          TEXT NOT NULL DEFAULT '{}',
      created_at    INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX messages_session ON messages(session_key, id);

    CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='id', tokenize='unicode61');
    CREATE TRIGGER messages_ai AFTER INSERT ON messages WHEN new.content IS NOT NULL BEGIN
      INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
    END;
    CREATE TRIGGER messages_ad AFTER DELETE ON messages WHEN old.content IS NOT NULL BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
    END;
    CREATE TRIGGER messages_au AFTER UPDATE OF content ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) SELECT 'delete', old.id, old.content WHERE old.content IS NOT NULL;
      INSERT INTO messages_fts(rowid, content) SELECT new.id, new.content WHERE new.content IS NOT NULL;
    END;

    CREATE TABLE tool_events (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL,
      turn_id       TEXT NOT NULL,
      call_id       TEXT NOT NULL,
      name          TEXT NOT NULL,
      args          TEXT NOT NULL,
      status        TEXT NOT NULL CHECK (status IN ('ok','error','denied')),
      result        TEXT NOT NULL DEFAULT '',
      started_at    INTEGER NOT NULL,
      duration_ms   INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX tool_events_session ON tool_events(session_key, id);

    CREATE TABLE usage (
      id                 INTEGER PRIMARY KEY AUTOINCREMENT,
      at                 INTEGER NOT NULL,
      session_key        TEXT NOT NULL,
      turn_id            TEXT,
      source             TEXT NOT NULL,
      model              TEXT NOT NULL,
      prompt_tokens      INTEGER NOT NULL DEFAULT 0,
      completion_tokens  INTEGER NOT NULL DEFAULT 0,
      total_tokens       INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX usage_at ON usage(at);
    CREATE INDEX usage_source_at ON usage(source, at);

    CREATE TABLE audit (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      at           INTEGER NOT NULL,
      session_key  TEXT,
      source       TEXT NOT NULL CHECK (source IN ('tool','ui','cli')),
      key          TEXT NOT NULL,
      outcome      TEXT NOT NULL,
      detail       TEXT NOT NULL DEFAULT ''
    ) STRICT;

    CREATE TABLE approval_rules (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','server')),
      pattern     TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern)
    ) STRICT;

    CREATE TABLE cron_jobs (
      id                  TEXT PRIMARY KEY,
      name                TEXT NOT NULL,
      session_key         TEXT NOT NULL,
      message             TEXT NOT NULL,
      kind                TEXT NOT NULL CHECK (kind IN ('every','cron','at')),
      every_seconds       INTEGER,
      cron_expr           TEXT,
      tz                  TEXT,
      at                  TEXT,
      enabled             INTEGER NOT NULL DEFAULT 1,
      consecutive_errors  INTEGER NOT NULL DEFAULT 0,
      last_status         TEXT,
      last_error          TEXT,
      last_run_at         INTEGER,
      created_at          INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE cron_runs (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id       TEXT NOT NULL,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      status       TEXT NOT NULL CHECK (status IN ('ok','error','skipped')),
      error        TEXT,
      late         INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX cron_runs_job ON cron_runs(job_id, id);

    CREATE TABLE heartbeat_runs (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      outcome      TEXT NOT NULL CHECK (outcome IN ('ran','silent','notified','skipped','failed')),
      reason       TEXT NOT NULL DEFAULT '',
      tokens       INTEGER NOT NULL DEFAULT 0,
      message      TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE INDEX heartbeat_runs_started ON heartbeat_runs(started_at);

    CREATE TABLE memory_versions (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      path        TEXT NOT NULL,
      content     TEXT NOT NULL,
      author      TEXT NOT NULL CHECK (author IN ('user','agent','external','system')),
      created_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX memory_versions_path ON memory_versions(path, id);
  `);
}
