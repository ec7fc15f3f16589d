// Migration 0002 from a version-1 database with data: tool events keep their rows, gain the cascade, lose orphans.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

function seedVersion1(d: Database): void {
  const session = d.prepare("INSERT INTO sessions (key, channel, chat_id, created_at, updated_at) VALUES (?, 'desktop', ?, 1, 1)");
  session.run('desktop:kept', 'kept');
  session.run('desktop:cleared', 'cleared');
  const message = d.prepare("INSERT INTO messages (session_key, turn_id, role, content, created_at) VALUES (?, ?, 'user', ?, 1)");
  message.run('desktop:kept', 't1', 'list the files');
  message.run('desktop:cleared', 't9', 'a turn after the clear');
  const event = d.prepare(
    `INSERT INTO tool_events (id, session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms)
     VALUES (?, ?, ?, ?, ?, '{}', ?, ?, 10, 5)`,
  );
  event.run(1, 'desktop:kept', 't1', 'c1', 'list_dir', 'ok', 'a.txt');
  event.run(2, 'desktop:kept', 't1', 'c2', 'exec', 'denied', 'Error: the user denied exec');
  event.run(3, 'desktop:gone', 't2', 'c3', 'read_file', 'ok', 'session deleted long ago');
  event.run(4, 'desktop:cleared', 't0', 'c4', 'read_file', 'error', 'turn cleared by /clear');
  event.run(5, 'desktop:cleared', 't9', 'c5', 'write_file', 'ok', 'written');
}

describe('migration 0002 (tool_events ON DELETE CASCADE)', () => {
  it('keeps every tool event of a stored turn, with its id and values, and drops the orphans', () => {
    db = databaseAtVersion(1);
    seedVersion1(db);
    expect(migrateTo(db, 2)).toBe(2);
    expect(db.prepare('SELECT id, session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms FROM tool_events ORDER BY id').all()).toEqual([
      { id: 1, session_key: 'desktop:kept', turn_id: 't1', call_id: 'c1', name: 'list_dir', args: '{}', status: 'ok', result: 'a.txt', started_at: 10, duration_ms: 5 },
      { id: 2, session_key: 'desktop:kept', turn_id: 't1', call_id: 'c2', name: 'exec', args: '{}', status: 'denied', result: 'Error: the user denied exec', started_at: 10, duration_ms: 5 },
      { id: 5, session_key: 'desktop:cleared', turn_id: 't9', call_id: 'c5', name: 'write_file', args: '{}', status: 'ok', result: 'written', started_at: 10, duration_ms: 5 },
    ]);
    expect(db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(2);
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(2);
  });

  it('adds the foreign key with the cascade, keeps the index, the checks and the id sequence', () => {
    db = databaseAtVersion(1);
    seedVersion1(db);
    migrateTo(db, 2);
    expect(db.prepare('PRAGMA foreign_key_list(tool_events)').all()).toMatchObject([
      { table: 'sessions', from: 'session_key', to: 'key', on_delete: 'CASCADE' },
    ]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(schemaObjects(db, 'index')).toContain('tool_events_session');
    const insert = db.prepare(
      `INSERT INTO tool_events (session_key, turn_id, call_id, name, args, status, started_at, duration_ms) VALUES (?, 't1', 'c', 'x', '{}', ?, 1, 1)`,
    );
    expect(() => insert.run('desktop:kept', 'maybe')).toThrow(/CHECK constraint/);
    expect(() => insert.run('desktop:nowhere', 'ok')).toThrow(/FOREIGN KEY constraint/);
    expect(Number(insert.run('desktop:kept', 'ok').lastInsertRowid)).toBe(6);
    db.prepare("DELETE FROM sessions WHERE key = 'desktop:kept'").run();
    expect(db.prepare('SELECT session_key FROM tool_events').pluck().all()).toEqual(['desktop:cleared']);
  });
});
