// The window's read of stored messages (plain checks instead of a schema parse): what it gives for our own rows,
// for damaged JSON columns, and which rows it takes newest first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { listRecentMessages, listWindowRowsAfter } from '../../../src-main/core/store/message-window.repo';
import { appendMessages } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 's:1');
  appendMessages(db, [
    { sessionKey: 's:1', role: 'user', content: 'héllo', meta: { source: 'cli' }, createdAt: 1 },
    { sessionKey: 's:1', role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a"}' }], createdAt: 2 },
    { sessionKey: 's:1', role: 'tool', content: 'text', toolCallId: 'c1', name: 'read_file', createdAt: 3 },
    { sessionKey: 's:1', role: 'assistant', content: 'done', createdAt: 4 },
  ]);
});
afterEach(() => db.close());

const all = () => listRecentMessages(db, 's:1', { take: () => true });

describe('the window read', () => {
  it('gives each row its model fields, stored count and UTF-8 size, oldest first', () => {
    db.prepare("UPDATE messages SET tokens = 7 WHERE content = 'done'").run();
    const { rows, unread } = all();
    expect(unread).toBe(0);
    expect(rows.map((r) => r.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(rows[0]).toMatchObject({ content: 'héllo', meta: { source: 'cli' }, toolCalls: [], bytes: 6 });
    expect(rows[0]).not.toHaveProperty('tokens');
    expect(rows[1]).toMatchObject({ content: null, toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a"}' }] });
    expect(rows[1]!.bytes).toBe(Buffer.byteLength(JSON.stringify([{ id: 'c1', name: 'read_file', arguments: '{"path":"a"}' }])));
    expect(rows[2]).toMatchObject({ toolCallId: 'c1', name: 'read_file', content: 'text' });
    expect(rows[3]).toMatchObject({ content: 'done', tokens: 7 });
    expect(listWindowRowsAfter(db, 's:1', rows[1]!.id)).toEqual(rows.slice(2));
  });

  it('reads damaged JSON columns as empty and keeps only the three fields of a tool call', () => {
    db.prepare("UPDATE messages SET meta = '{not json' WHERE role = 'user'").run();
    db.prepare("UPDATE messages SET meta = '[1,2]' WHERE content = 'done'").run();
    db.prepare('UPDATE messages SET tool_calls = ? WHERE role = ? AND content IS NULL').run('[{"id":"c1","name":"read_file","arguments":"{}","extra":"x"}]', 'assistant');
    const { rows } = all();
    expect(rows[0]!.meta).toEqual({});
    expect(rows[3]!.meta).toEqual({});
    expect(rows[1]!.toolCalls).toEqual([{ id: 'c1', name: 'read_file', arguments: '{}' }]);
    db.prepare('UPDATE messages SET tool_calls = ? WHERE role = ? AND content IS NULL').run('[{"id":1,"name":"read_file","arguments":"{}"}]', 'assistant');
    expect(all().rows[1]!.toolCalls).toEqual([]);
  });

  it('stops where take refuses a row and counts the older ones as unread', () => {
    let n = 0;
    const { rows, unread } = listRecentMessages(db, 's:1', { take: () => ++n <= 2, pageSize: 1 });
    expect(rows.map((r) => r.role)).toEqual(['tool', 'assistant']);
    expect(unread).toBe(2);
  });
});
