// Trimming the heartbeat session never separates a tool result from the call that asked for it.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import { scrubHeartbeatToken, trimSession } from '../../../src-main/core/scheduler/heartbeat-session';

function seed(roles: string[]) {
  const db = openDatabase(':memory:');
  ensureSession(db, 'heartbeat:default');
  const insert = db.prepare('INSERT INTO messages (session_key, role, content, tool_calls, tool_call_id, created_at) VALUES (?, ?, ?, ?, ?, 0)');
  roles.forEach((role, i) => {
    const calls = role === 'assistant+call' ? '[{"id":"c","name":"x","arguments":"{}"}]' : null;
    insert.run('heartbeat:default', role.replace('+call', ''), `m${i}`, calls, role === 'tool' ? 'c' : null);
  });
  const contents = () => (db.prepare('SELECT content FROM messages ORDER BY id').all() as { content: string }[]).map((r) => r.content);
  return { db, contents };
}

describe('trimSession', () => {
  it('keeps the last 8 messages', () => {
    const { db, contents } = seed(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    trimSession(db, 'heartbeat:default');
    expect(contents()).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('drops tool results whose call would be cut off', () => {
    // index 3 would be the first kept message, but it is a tool result of the call at index 2.
    const { db, contents } = seed(['user', 'assistant+call', 'tool', 'tool', 'assistant', 'user', 'assistant+call', 'tool', 'assistant', 'user', 'assistant']);
    trimSession(db, 'heartbeat:default');
    expect(contents()).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10']);
  });

  it('does nothing under the limit', () => {
    const { db, contents } = seed(['user', 'assistant']);
    expect(trimSession(db, 'heartbeat:default')).toBe(0);
    expect(contents()).toEqual(['m0', 'm1']);
  });
});

describe('scrubHeartbeatToken', () => {
  it('deletes token-only replies and strips the token from others', () => {
    const db = openDatabase(':memory:');
    ensureSession(db, 'heartbeat:default');
    const insert = db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('heartbeat:default', 'assistant', ?, 0)");
    insert.run('**HEARTBEAT_OK**');
    insert.run('Rain later. HEARTBEAT_OK');
    insert.run('unrelated');
    expect(scrubHeartbeatToken(db, 'heartbeat:default')).toBe(2);
    const rows = (db.prepare('SELECT content FROM messages ORDER BY id').all() as { content: string }[]).map((r) => r.content);
    expect(rows).toEqual(['Rain later.', 'unrelated']);
  });
});
