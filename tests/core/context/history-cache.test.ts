// The in-memory history cache: picks up appended rows, notices deletions and a moved consolidation point.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryCache } from '../../../src-main/core/context/history-cache';
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
const ALL = 1_000_000;
const texts = async (cache: HistoryCache, afterId = 0) => (await cache.load(db, 's:1', { afterId, budgetTokens: ALL, maxMessages: ALL })).messages.map((m) => m.content);

describe('HistoryCache', () => {
  it('reads only new rows after the first load and matches a full read', async () => {
    const cache = new HistoryCache();
    add('a');
    expect(await texts(cache)).toEqual(['a']);
    add('b');
    appendMessages(db, [
      { sessionKey: 's:1', role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 't', arguments: '{}' }], createdAt: 1 },
      { sessionKey: 's:1', role: 'tool', content: 'r', toolCallId: 'c', name: 't', createdAt: 1 },
    ]);
    expect((await cache.load(db, 's:1', { afterId: 0, budgetTokens: ALL, maxMessages: ALL })).messages).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 't', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c', name: 't', content: 'r' },
    ]);
  });

  it('notices deleted rows (a cleared session) and reads everything again', async () => {
    const cache = new HistoryCache();
    add('a');
    add('b');
    expect(await texts(cache)).toEqual(['a', 'b']);
    db.prepare("DELETE FROM messages WHERE content = 'a'").run();
    add('c');
    expect(await texts(cache)).toEqual(['b', 'c']);
    db.prepare('DELETE FROM messages').run();
    expect(await texts(cache)).toEqual([]);
  });

  it('notices an edit in place (a stripped token) even when the count stays the same', async () => {
    const cache = new HistoryCache();
    const id = appendMessage(db, { sessionKey: 's:1', role: 'assistant', content: 'All quiet 😀 HEARTBEAT_OK', createdAt: 1 });
    add('next');
    expect(await texts(cache)).toEqual(['All quiet 😀 HEARTBEAT_OK', 'next']);
    db.prepare('UPDATE messages SET content = ? WHERE id = ?').run('All quiet 😀', id);
    expect(await texts(cache)).toEqual(['All quiet 😀', 'next']);
    add('emoji 😀 stays cached');
    expect(await texts(cache)).toEqual(['All quiet 😀', 'next', 'emoji 😀 stays cached']);
  });

  it('follows a new consolidation point', async () => {
    const cache = new HistoryCache();
    const first = add('old');
    add('new');
    expect(await texts(cache)).toEqual(['old', 'new']);
    expect(await texts(cache, first)).toEqual(['new']);
  });
});

describe('HistoryCache: only the window is read', () => {
  const costOf = (text: string) => 4 + Buffer.byteLength(text); // an unknown message costs its byte bound

  it('reads the newest messages that fit the budget and counts the older ones as unread', async () => {
    for (let i = 0; i < 100; i++) add(`message ${String(i).padStart(3, '0')}`); // 11 bytes each: cost 15
    const loadedWindow = await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens: 10 * costOf('message 000'), maxMessages: ALL });
    expect(loadedWindow.messages.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `message 0${90 + i}`));
    expect(loadedWindow.unread).toBe(90);
  });

  it('reads at most maxMessages, counted back from the newest question, and keeps the cap as rows arrive', async () => {
    for (let i = 0; i < 100; i++) add(`message ${String(i).padStart(3, '0')}`);
    appendMessage(db, { sessionKey: 's:1', role: 'system', content: 'a note the model never sees', createdAt: 1 });
    const cache = new HistoryCache();
    const window = { afterId: 0, budgetTokens: ALL, maxMessages: 10 };
    const first = await cache.load(db, 's:1', window);
    expect(first.messages.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `message 0${90 + i}`));
    expect(first.unread).toBe(90);
    add('message 100');
    appendMessage(db, { sessionKey: 's:1', role: 'assistant', content: 'an answer', createdAt: 1 });
    const next = await cache.load(db, 's:1', window);
    expect(next.messages.map((m) => m.content)).toEqual([...Array.from({ length: 8 }, (_, i) => `message 0${92 + i}`), 'message 100', 'an answer']);
    expect(next.unread).toBe(92);
    expect(await new HistoryCache().load(db, 's:1', window)).toEqual(next); // the cached window is a fresh read's
    // A different cap reads again.
    expect((await cache.load(db, 's:1', { ...window, maxMessages: 3 })).messages.map((m) => m.content)).toEqual(['message 099', 'message 100', 'an answer']);
  });

  it('always keeps the newest user message, even when it alone is over the budget', async () => {
    add('old');
    add('x'.repeat(500));
    appendMessage(db, { sessionKey: 's:1', role: 'assistant', content: 'a reply', createdAt: 1 });
    const loadedWindow = await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens: 50, maxMessages: ALL });
    expect(loadedWindow.messages.map((m) => m.content)).toEqual(['x'.repeat(500), 'a reply']);
    expect(loadedWindow.unread).toBe(1);
  });

  it('drops the oldest cached rows once new ones push the window over the budget', async () => {
    const cache = new HistoryCache();
    for (let i = 0; i < 5; i++) add(`message ${i}xx`);
    const budgetTokens = 5 * costOf('message 0xx');
    expect((await cache.load(db, 's:1', { afterId: 0, budgetTokens, maxMessages: ALL })).unread).toBe(0);
    add('message 5xx');
    add('message 6xx');
    const next = await cache.load(db, 's:1', { afterId: 0, budgetTokens, maxMessages: ALL });
    expect(next.messages.map((m) => m.content)).toEqual(['message 2xx', 'message 3xx', 'message 4xx', 'message 5xx', 'message 6xx']);
    expect(next.unread).toBe(2);
    // The cached window matches a fresh read of the same rows.
    expect(await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens, maxMessages: ALL })).toEqual(next);
  });

  it('never loads the tokenizer for a history that fits by its bounds, however much of it was never counted', async () => {
    const { countSlack, tokenizerLoaded } = await import('../../../src-main/core/context/token-estimate');
    for (let i = 0; i < 200; i++) add(`a daily cron run said: nothing new today, number ${i}`); // ~55 bytes each
    const budgetTokens = 40_000;
    const loadedWindow = await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens, maxMessages: ALL });
    expect(200 * 55).toBeGreaterThan(countSlack(budgetTokens)); // far more uncounted than the slack …
    expect(loadedWindow.unread).toBe(0); // … but all of it fits
    expect(tokenizerLoaded()).toBe(false); // a long-running daemon keeps its ~100 MB of tokenizer tables unloaded
  });

  // The first test of this file to load the (process-wide) tokenizer.
  it('loads the tokenizer when the uncounted messages are more than the slack, and reads the window exactly', async () => {
    const { countSlack, messageTokens, tokenizerLoaded } = await import('../../../src-main/core/context/token-estimate');
    const { knownTokens } = await import('../../../src-main/core/model/known-tokens');
    for (let i = 0; i < 200; i++) add(`${'lorem ipsum dolor sit amet '.repeat(10)} ${i}`); // ~275 bytes, ~55 tokens each
    const budgetTokens = 40_000; // slack 2,048; by their bounds (~56,000) not all of them fit, exactly (~11,000) they do
    expect(countSlack(budgetTokens)).toBe(2_048);
    const loadedWindow = await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens, maxMessages: ALL });
    expect(tokenizerLoaded()).toBe(true);
    expect(loadedWindow.unread).toBe(0);
    expect(loadedWindow.messages).toHaveLength(200);
    for (const m of loadedWindow.messages) expect(knownTokens(m)).toBe(messageTokens(m));
  });

  it('stores the counts made for loaded messages; a new cache (a new process) reads them with the rows', async () => {
    const { loadTokenizer, messageTokens } = await import('../../../src-main/core/context/token-estimate');
    const { knownTokens } = await import('../../../src-main/core/model/known-tokens');
    await loadTokenizer();
    add('Counting tokens once is enough.');
    const cache = new HistoryCache();
    const [first] = (await cache.load(db, 's:1', { afterId: 0, budgetTokens: ALL, maxMessages: ALL })).messages;
    const exact = messageTokens(first!); // counted while loading (the tokenizer is loaded), not stored yet
    expect(db.prepare('SELECT tokens FROM messages').all()).toEqual([{ tokens: null }]);
    cache.storeCounts(db, 's:1');
    expect(db.prepare('SELECT tokens FROM messages').all()).toEqual([{ tokens: exact }]);
    const [again] = (await new HistoryCache().load(db, 's:1', { afterId: 0, budgetTokens: ALL, maxMessages: ALL })).messages;
    expect(again).not.toBe(first);
    expect(knownTokens(again!)).toBe(exact);
    // An edit of the text clears the stored count (a trigger), so a stale count is never used.
    db.prepare("UPDATE messages SET content = 'Changed.'").run();
    expect(db.prepare('SELECT tokens FROM messages').all()).toEqual([{ tokens: null }]);
  });
});
