// message: tells the user something outside the current reply — stored in a session and shown as a notification.
import { z } from 'zod';
import type { Database } from '../store/db';
import { appendMessage } from '../store/messages.repo';
import { ensureSession, getSession, touchSession } from '../store/sessions.repo';
import { defineTool, fail, ok, type Tool } from './tool';
import { recordFromRun } from './untrusted';
import { noticeWords } from '../lib/notice-words';

const NOTIFICATION_BODY_CHARS = 240;

const params = z.object({
  content: z.string().min(1).describe('What to tell the user'),
  session: z.string().min(1).optional().describe('Session key to deliver into (default: the current session)'),
});

function notificationBody(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > NOTIFICATION_BODY_CHARS ? `${flat.slice(0, NOTIFICATION_BODY_CHARS - 1)}…` : flat;
}

/** The message tool needs the database to store the message in the target session. */
export function createMessageTool(db: Database): Tool<typeof params> {
  return defineTool({
    name: 'message',
    description:
      'Send a message to the user outside your current reply: it is added to a session (default: this one) and shown as ' +
      'a desktop notification. Use it in heartbeat and scheduled runs to report something worth the user\'s attention.',
    params,
    category: 'read',
    async run(args, ctx) {
      const sessionKey = args.session?.trim() || ctx.sessionKey;
      const at = ctx.now();
      // In its own session the message is this conversation's own words. In another one it is not that
      // conversation's assistant speaking: it is a record from this run (which may have read a hostile page),
      // so it is stored as a framed system message, never as an assistant turn the other session would trust.
      const elsewhere = sessionKey !== ctx.sessionKey;
      const role = elsewhere ? 'system' : 'assistant';
      const content = elsewhere ? `[Message from the agent's run in session ${ctx.sessionKey}]\n${recordFromRun(`session ${ctx.sessionKey}`, args.content)}` : args.content;
      try {
        const existed = getSession(db, sessionKey) !== undefined;
        ensureSession(db, sessionKey, at);
        appendMessage(db, {
          sessionKey,
          role,
          content,
          meta: { source: 'message', fromSession: ctx.sessionKey, fromTurn: ctx.turnId, ...(elsewhere ? { visibleToModel: true } : {}) },
          createdAt: at,
        });
        touchSession(db, sessionKey, at);
        ctx.emit({ type: 'session.changed', sessionKey, change: existed ? 'updated' : 'created' });
      } catch (err) {
        return fail('failed', `Error: Could not store the message in session ${sessionKey}: ${err instanceof Error ? err.message : String(err)}`);
      }
      ctx.emit({ type: 'session.message', sessionKey, role, content, at });
      ctx.emit({ type: 'notify', ...noticeWords('Nanotray', notificationBody(args.content)), sessionKey, kind: 'message' });
      return ok(`Message delivered to session ${sessionKey} and shown to the user as a notification.`);
    },
  });
}
