// The `heartbeat:default` session: the turn stores no raw reply, the heartbeat stores the stripped one, and
// the session keeps its last 8 messages.
import type { Database } from '../store/db';
import { appendMessage, trimSessionMessages } from '../store/messages.repo';
import { ensureSession, touchSession } from '../store/sessions.repo';
import type { QuietTurn } from '../agent/agent-loop';
import { stripHeartbeatToken } from './heartbeat-reply';

export const HEARTBEAT_SESSION_KEY = 'heartbeat:default';
export const HEARTBEAT_SESSION_KEEP = 8;

/** A heartbeat turn publishes nothing raw; what it stores beside tool calls loses the token. */
export const HEARTBEAT_QUIET_TURN: QuietTurn = { redact: stripHeartbeatToken };

/** Stores the heartbeat's reply (the token already removed) as the turn's answer in the heartbeat session. */
export function storeHeartbeatReply(db: Database, reply: { turnId: string; text: string; at: number }): void {
  ensureSession(db, HEARTBEAT_SESSION_KEY, reply.at);
  appendMessage(db, {
    sessionKey: HEARTBEAT_SESSION_KEY,
    turnId: reply.turnId,
    role: 'assistant',
    content: reply.text,
    meta: { source: 'heartbeat' },
    createdAt: reply.at,
  });
  touchSession(db, HEARTBEAT_SESSION_KEY, reply.at);
}

/** Keeps the heartbeat session to its last 8 messages (never cutting a tool result from its call). */
export function trimHeartbeatSession(db: Database): number {
  return trimSessionMessages(db, HEARTBEAT_SESSION_KEY, HEARTBEAT_SESSION_KEEP);
}
