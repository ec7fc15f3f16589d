// Messages repository: append, list, count and trim a session's messages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessage, appendMessages, countMessages, listMessages, trimSessionMessages } from '../../../src-main/core/store/messages.repo';
import { loadHistory } from '../../../src-main/core/context/stored-history';
import { insertToolEvent, listToolEvents } from '../../../src-main/core/store/tool-events.repo';
import { deleteSession, ensureSession } from '../../../src-main/core/store/sessions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 'cli:a', 1);
  ensureSession(db, 'cli:b', 1);
});
afterEach(() => db.close());

const user = (sessionKey: string, content: string, createdAt = 1) => ({ sessionKey, role: 'user' as const, content, createdAt });

describe('messages repository', () => {
  it('appends, lists oldest first, pages with afterId/beforeId/limit and counts', () => {
    const ids = ['one', 'two', 'three', 'four'].map((t) => appendMessage(db, user('cli:a', t)));
    appendMessage(db, user('cli:b', 'other'));
    expect(listMessages(db, 'cli:a').map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    expect(listMessages(db, 'cli:a', { afterId: ids[1] }).map((m) => m.content)).toEqual(['three', 'four']);
    expect(listMessages(db, 'cli:a', { afterId: ids[0], limit: 2 }).map((m) => m.content)).toEqual(['two', 'three']);
    expect(listMessages(db, 'cli:a', { limit: 2 }).map((m) => m.content)).toEqual(['three', 'four']);
    expect(listMessages(db, 'cli:a', { beforeId: ids[2], limit: 1 }).map((m) => m.content)).toEqual(['two']);
    expect(countMessages(db, 'cli:a')).toBe(4);
    expect(countMessages(db)).toBe(5);
  });

  it('round-trips tool calls, tool results, usage and meta', () => {
    appendMessages(db, [
      { sessionKey: 'cli:a', turnId: 't1', role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'echo', arguments: '{}' }], usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, createdAt: 5 },
      { sessionKey: 'cli:a', turnId: 't1', role: 'tool', content: 'out', toolCallId: 'c1', name: 'echo', meta: { a: 1 }, createdAt: 6 },
    ]);
    const [assistant, tool] = listMessages(db, 'cli:a');
    expect(assistant).toMatchObject({ turnId: 't1', role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'echo', arguments: '{}' }], usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, createdAt: 5 });
    expect(tool).toMatchObject({ role: 'tool', content: 'out', toolCallId: 'c1', name: 'echo', meta: { a: 1 }, toolCalls: [] });
  });

  it('writes a batch atomically: a failing row leaves none of the batch', () => {
    expect(() =>
      appendMessages(db, [
        { sessionKey: 'cli:a', role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'x', arguments: '' }], createdAt: 1 },
        { sessionKey: 'cli:a', role: 'bogus' as 'tool', content: 'x', createdAt: 1 },
      ]),
    ).toThrow();
    expect(countMessages(db, 'cli:a')).toBe(0);
  });

  it('messages go with their session', () => {
    appendMessage(db, user('cli:a', 'x'));
    deleteSession(db, 'cli:a');
    expect(countMessages(db)).toBe(0);
  });

  it('loads user images as image parts', () => {
    appendMessage(db, { ...user('cli:a', 'see'), meta: { images: [{ mimeType: 'image/png', data: 'QUJD' }] } });
    expect(loadHistory(db, 'cli:a')).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,QUJD' } }] },
    ]);
  });
});

describe('trimSessionMessages', () => {
  function seed(roles: string[]) {
    ensureSession(db, 'heartbeat:default');
    const insert = db.prepare('INSERT INTO messages (session_key, turn_id, role, content, tool_calls, tool_call_id, created_at) VALUES (?, ?, ?, ?, ?, ?, 0)');
    roles.forEach((role, i) => {
      const calls = role === 'assistant+call' ? '[{"id":"c","name":"x","arguments":"{}"}]' : null;
      insert.run('heartbeat:default', `t${i}`, role.replace('+call', ''), `m${i}`, calls, role === 'tool' ? 'c' : null);
    });
    return () => listMessages(db, 'heartbeat:default').map((m) => m.content);
  }

  it('keeps the last 8 messages', () => {
    const contents = seed(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    trimSessionMessages(db, 'heartbeat:default', 8);
    expect(contents()).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('drops tool results whose call would be cut off', () => {
    // index 3 would be the first kept message, but it is a tool result of the call at index 2.
    const contents = seed(['user', 'assistant+call', 'tool', 'tool', 'assistant', 'user', 'assistant+call', 'tool', 'assistant', 'user', 'assistant']);
    trimSessionMessages(db, 'heartbeat:default', 8);
    expect(contents()).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10']);
  });

  it('does nothing under the limit', () => {
    const contents = seed(['user', 'assistant']);
    expect(trimSessionMessages(db, 'heartbeat:default', 8)).toBe(0);
    expect(contents()).toEqual(['m0', 'm1']);
  });

  it('deletes the tool events of the turns it cut off, and only those', () => {
    seed(['user', 'assistant', 'user', 'assistant']);
    const event = { sessionKey: 'heartbeat:default', callId: 'c', name: 'x', args: '{}', status: 'ok' as const, result: '', startedAt: 0, durationMs: 0 };
    insertToolEvent(db, { ...event, turnId: 't0' });
    insertToolEvent(db, { ...event, turnId: 't3' });
    trimSessionMessages(db, 'heartbeat:default', 2);
    expect(listToolEvents(db, 'heartbeat:default').map((e) => e.turnId)).toEqual(['t3']);
  });
});
