// The `heartbeat:default` session: the turn stores no raw reply, the heartbeat stores the stripped one (and
// notifies it), and the session keeps its last 8 messages.
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Clock } from '../lib/clock';
import type { Database } from '../store/db';
import { appendMessage, trimSessionMessages } from '../store/messages.repo';
import { ensureSession, touchSession } from '../store/sessions.repo';
import type { QuietTurn } from '../agent/agent-loop';
import { stripHeartbeatToken } from './heartbeat-reply';
import { noticeWords } from '../lib/notice-words';
import { textRef } from '../../../src-preload/contract/desktop-texts';

export const HEARTBEAT_SESSION_KEY = 'heartbeat:default';
export const HEARTBEAT_SESSION_KEEP = 8;
const NOTIFY_BODY_MAX = 500;

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

/** A reply worth telling: stored in the heartbeat session (the quiet turn stored none), shown, and notified. */
export function deliverHeartbeatReply(
  deps: { db: Database; clock: Clock; emit(event: CoreEvent): void },
  reply: { turnId: string; text: string },
): void {
  const at = deps.clock.now();
  storeHeartbeatReply(deps.db, { ...reply, at });
  deps.emit({ type: 'session.message', sessionKey: HEARTBEAT_SESSION_KEY, role: 'assistant', content: reply.text, at });
  const body = reply.text.length > NOTIFY_BODY_MAX ? `${reply.text.slice(0, NOTIFY_BODY_MAX - 1)}…` : reply.text;
  deps.emit({ type: 'notify', ...noticeWords(textRef('notify.heartbeat'), body), sessionKey: HEARTBEAT_SESSION_KEY, kind: 'heartbeat' });
}

/** The notification of a failed run. */
export function heartbeatFailureNotice(error: string): CoreEvent {
  const body = error || textRef('heartbeat.reason.turn_failed');
  return { type: 'notify', ...noticeWords(textRef('notify.heartbeatFailed'), body), sessionKey: HEARTBEAT_SESSION_KEY, kind: 'error' };
}
