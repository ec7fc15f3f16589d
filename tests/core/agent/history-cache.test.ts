// The in-memory history cache: picks up appended rows, notices deletions and a moved consolidation point.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryCache } from '../../../src-main/core/agent/history-cache';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessage, appendMessages } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 's:1');
});
afterEach(() => db.close());

const add = (content: string) => appendMessage(db, { sessionKey: 's:1', role: 'user', content, createdAt: 1 });
const texts = (cache: HistoryCache, afterId = 0) => cache.load(db, 's:1', afterId).map((m) => m.content);

describe('HistoryCache', () => {
  it('reads only new rows after the first load and matches a full read', () => {
    const cache = new HistoryCache();
    add('a');
    expect(texts(cache)).toEqual(['a']);
    add('b');
    appendMessages(db, [
      { sessionKey: 's:1', role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 't', arguments: '{}' }], createdAt: 1 },
      { sessionKey: 's:1', role: 'tool', content: 'r', toolCallId: 'c', name: 't', createdAt: 1 },
    ]);
    expect(cache.load(db, 's:1')).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 't', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c', name: 't', content: 'r' },
    ]);
  });

  it('notices deleted rows (a cleared session) and reads everything again', () => {
    const cache = new HistoryCache();
    add('a');
    add('b');
    expect(texts(cache)).toEqual(['a', 'b']);
    db.prepare("DELETE FROM messages WHERE content = 'a'").run();
    add('c');
    expect(texts(cache)).toEqual(['b', 'c']);
    db.prepare('DELETE FROM messages').run();
    expect(texts(cache)).toEqual([]);
  });

  it('notices an edit in place (a stripped token) even when the count stays the same', () => {
    const cache = new HistoryCache();
    const id = appendMessage(db, { sessionKey: 's:1', role: 'assistant', content: 'All quiet 😀 HEARTBEAT_OK', createdAt: 1 });
    add('next');
    expect(texts(cache)).toEqual(['All quiet 😀 HEARTBEAT_OK', 'next']);
    db.prepare('UPDATE messages SET content = ? WHERE id = ?').run('All quiet 😀', id);
    expect(texts(cache)).toEqual(['All quiet 😀', 'next']);
    add('emoji 😀 stays cached');
    expect(texts(cache)).toEqual(['All quiet 😀', 'next', 'emoji 😀 stays cached']);
  });

  it('follows a new consolidation point', () => {
    const cache = new HistoryCache();
    const first = add('old');
    add('new');
    expect(texts(cache)).toEqual(['old', 'new']);
    expect(texts(cache, first)).toEqual(['new']);
  });
});
