// Migration 0007 on an existing database: messages keep their rows and gain a NULL token count that an edit of
// the text clears again; token_counts exists (STRICT).
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

describe('migration 0007 (token counts)', () => {
  it('adds messages.tokens (existing rows uncounted), its reset trigger and token_counts', () => {
    db = databaseAtVersion(5);
    db.prepare("INSERT INTO sessions (key, channel, chat_id, created_at, updated_at) VALUES ('s:1', 's', '1', 1, 1)").run();
    db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('s:1', 'user', 'hello', 1)").run();
    expect(migrateTo(db, 7)).toBe(7);
    expect(db.prepare('SELECT content, tokens FROM messages').get()).toEqual({ content: 'hello', tokens: null });
    db.prepare('UPDATE messages SET tokens = 5').run();
    db.prepare("UPDATE messages SET meta = '{\"seen\":true}'").run(); // not the text: the count stays
    expect(db.prepare('SELECT tokens FROM messages').get()).toEqual({ tokens: 5 });
    db.prepare("UPDATE messages SET content = 'hello again'").run();
    expect(db.prepare('SELECT tokens FROM messages').get()).toEqual({ tokens: null });
    expect(schemaObjects(db, 'table')).toContain('token_counts');
    expect(() => db!.prepare("INSERT INTO token_counts (digest, tokens, used_at) VALUES ('d', 'many', 1)").run()).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
