// Migration 0001 from an empty database: every table, STRICT, with its checks, the FTS index and its triggers.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

describe('migration 0001 (init)', () => {
  it('creates every table of the app on an empty database', () => {
    db = databaseAtVersion(0);
    expect(schemaObjects(db, 'table')).toEqual([]);
    expect(migrateTo(db, 1)).toBe(1);
    const tables = schemaObjects(db, 'table');
    for (const t of ['sessions', 'messages', 'messages_fts', 'tool_events', 'usage', 'audit', 'approval_rules', 'cron_jobs', 'cron_runs', 'heartbeat_runs', 'memory_versions']) {
      expect(tables).toContain(t);
    }
    expect(schemaObjects(db, 'trigger')).toEqual(['messages_ad', 'messages_ai', 'messages_au']);
  });

  it('enforces types, checks and the messages → sessions cascade', () => {
    db = databaseAtVersion(1);
    expect(() => db!.prepare("INSERT INTO usage (at, session_key, source, model) VALUES ('soon', 's', 'user', 'm')").run()).toThrow(
      /cannot store TEXT value in INTEGER column/,
    );
    expect(() => db!.prepare("INSERT INTO heartbeat_runs (started_at, outcome) VALUES (1, 'maybe')").run()).toThrow(/CHECK constraint/);
    db.prepare("INSERT INTO sessions (key, channel, chat_id, created_at, updated_at) VALUES ('desktop:a', 'desktop', 'a', 1, 1)").run();
    db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('desktop:a', 'user', 'hello', 1)").run();
    expect(() => db!.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('desktop:a', 'robot', 'x', 1)").run()).toThrow(
      /CHECK constraint/,
    );
    db.prepare("DELETE FROM sessions WHERE key = 'desktop:a'").run();
    expect(db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(0);
  });
});
