// The heartbeat session: the stripped reply is stored as the turn's answer, and the session keeps its last 8 messages.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { getSession } from '../../../src-main/core/store/sessions.repo';
import {
  HEARTBEAT_QUIET_TURN,
  HEARTBEAT_SESSION_KEY,
  storeHeartbeatReply,
  trimHeartbeatSession,
} from '../../../src-main/core/scheduler/heartbeat-session';

describe('storeHeartbeatReply', () => {
  it("stores the reply as the turn's assistant answer and touches the session", () => {
    const db = openDatabase(':memory:');
    storeHeartbeatReply(db, { turnId: 'turn-1', text: 'Rain later.', at: 5000 });
    expect(listMessages(db, HEARTBEAT_SESSION_KEY)).toMatchObject([
      { turnId: 'turn-1', role: 'assistant', content: 'Rain later.', meta: { source: 'heartbeat' }, createdAt: 5000 },
    ]);
    expect(getSession(db, HEARTBEAT_SESSION_KEY)?.updatedAt).toBe(5000);
  });
});

describe('trimHeartbeatSession', () => {
  it('keeps the last 8 messages of the heartbeat session only', () => {
    const db = openDatabase(':memory:');
    for (let i = 0; i < 10; i++) storeHeartbeatReply(db, { turnId: `t${i}`, text: `m${i}`, at: i });
    expect(trimHeartbeatSession(db)).toBe(2);
    expect(listMessages(db, HEARTBEAT_SESSION_KEY).map((m) => m.content)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });
});

describe('HEARTBEAT_QUIET_TURN', () => {
  it('deletes token-only text and strips the token from the rest', () => {
    expect(HEARTBEAT_QUIET_TURN.redact('**HEARTBEAT_OK**')).toBe('');
    expect(HEARTBEAT_QUIET_TURN.redact('Rain later. HEARTBEAT_OK')).toBe('Rain later.');
    expect(HEARTBEAT_QUIET_TURN.redact('unrelated')).toBe('unrelated');
  });
});
