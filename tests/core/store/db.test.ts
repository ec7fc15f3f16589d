// The SQLite store: migrations tracked in user_version, WAL, STRICT tables, FTS over messages, sessions repo.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '../../../src-main/core/store/db';
import {
  deleteSession,
  ensureSession,
  getSession,
  listSessions,
  splitSessionKey,
  updateSessionMeta,
} from '../../../src-main/core/store/sessions.repo';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

let db: Database | undefined;
let home: TempHome | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  home?.cleanup();
  home = undefined;
});

describe('openDatabase', () => {
  it('creates the schema at the latest version in WAL mode, and migrating again is a no-op', () => {
    home = makeTempHome();
    db = openDatabase(join(home.home, 'nanotray.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const version = Number(db.pragma('user_version', { simple: true }));
    expect(version).toBeGreaterThanOrEqual(1);
    expect(migrate(db)).toBe(version);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map((r) => r.name);
    for (const t of ['sessions', 'messages', 'tool_events', 'usage', 'audit', 'approval_rules', 'cron_jobs', 'cron_runs', 'heartbeat_runs', 'memory_versions', 'messages_fts']) {
      expect(tables).toContain(t);
    }
  });

  it('has STRICT tables that refuse a wrong type', () => {
    db = openDatabase(':memory:');
    expect(() =>
      db!.prepare("INSERT INTO audit (at, source, key, outcome) VALUES ('not a number', 'tool', 'k', 'ok')").run(),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
  });

  it('indexes message text for full-text search, following updates and deletes', () => {
    db = openDatabase(':memory:');
    ensureSession(db, 'desktop:a');
    const ins = db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('desktop:a', 'user', ?, 1)");
    const id = ins.run('the quick brown fox').lastInsertRowid;
    ins.run('lazy dogs sleep');
    const search = (q: string) =>
      (db!.prepare('SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?').all(q) as { rowid: number }[]).map((r) => r.rowid);
    expect(search('brown')).toEqual([Number(id)]);
    db.prepare('UPDATE messages SET content = ? WHERE id = ?').run('a slow green turtle', id);
    expect(search('brown')).toEqual([]);
    expect(search('turtle')).toEqual([Number(id)]);
    db.prepare('DELETE FROM messages WHERE id = ?').run(id);
    expect(search('turtle')).toEqual([]);
  });
});

describe('sessions repo', () => {
  it('splits keys, creates once, merges metadata and orders by recency', () => {
    expect(splitSessionKey('desktop:abc')).toEqual({ channel: 'desktop', chatId: 'abc' });
    expect(splitSessionKey('quick:default')).toEqual({ channel: 'quick', chatId: 'default' });
    expect(splitSessionKey('heartbeat')).toEqual({ channel: 'heartbeat', chatId: 'default' });
    db = openDatabase(':memory:');
    const a = ensureSession(db, 'cli:one', 100);
    ensureSession(db, 'cli:one', 999);
    expect(getSession(db, 'cli:one')?.createdAt).toBe(a.createdAt);
    ensureSession(db, 'desktop:two', 200);
    expect(listSessions(db).map((s) => s.key)).toEqual(['desktop:two', 'cli:one']);
    updateSessionMeta(db, 'cli:one', { modelPreset: 'fast' });
    const meta = updateSessionMeta(db, 'cli:one', { lastUsage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } });
    expect(meta).toEqual({ modelPreset: 'fast', lastUsage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } });
    expect(updateSessionMeta(db, 'cli:one', { modelPreset: undefined })).toEqual({
      lastUsage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    });
    expect(deleteSession(db, 'cli:one')).toBe(true);
    expect(getSession(db, 'cli:one')).toBeUndefined();
  });

  it("drops a session's messages with it", () => {
    db = openDatabase(':memory:');
    ensureSession(db, 'desktop:x');
    db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('desktop:x', 'user', 'hi', 1)").run();
    deleteSession(db, 'desktop:x');
    expect((db.prepare('SELECT count(*) n FROM messages').get() as { n: number }).n).toBe(0);
  });

  it('survives corrupt metadata by reading it as empty', () => {
    db = openDatabase(':memory:');
    ensureSession(db, 'desktop:y');
    db.prepare("UPDATE sessions SET metadata = '{not json' WHERE key = 'desktop:y'").run();
    expect(getSession(db, 'desktop:y')?.meta).toEqual({});
  });
});
