// chat:* handlers: send/cancel go to the sessions service; the read side and session edits use the store.
import { randomBytes } from 'node:crypto';
import type { CoreBase } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { deleteSession, ensureSession, getSession, setSessionTitle } from '../../store/sessions.repo';
import { errorMessage } from '../../lib/result';
import { hasMethod, serviceOf } from '../core-services';
import { ipcFail, ipcOk, unavailable } from '../ipc-values';
import { exportMarkdown, historyPage, searchMessages, summaries } from './chat-store';

type ChatHandlers = Pick<
  InvokeHandlers,
  | 'chat:send'
  | 'chat:cancel'
  | 'chat:list-sessions'
  | 'chat:history'
  | 'chat:search'
  | 'chat:new-session'
  | 'chat:rename-session'
  | 'chat:delete-session'
  | 'chat:export-markdown'
>;

/** How long `chat:send` waits for the turn to start before answering without a turn id. */
const TURN_START_TIMEOUT_MS = 10_000;

export function createChatHandlers(core: CoreBase): ChatHandlers {
  const sessions = (): unknown => serviceOf<unknown>(core, 'sessions');
  const isBusy = (key: string): boolean => {
    const s = sessions();
    return hasMethod(s, 'isBusy') ? Boolean((s.isBusy as (k: string) => unknown)(key)) : false;
  };

  return {
    async 'chat:send'({ sessionKey, text, images }) {
      const s = sessions();
      if (!hasMethod(s, 'run')) return unavailable('The agent');
      if (!text.trim() && !images?.length) return ipcFail('invalid_input', 'Type a message or attach an image.');
      const run = s.run as (request: Record<string, unknown>) => unknown;
      // The turn id arrives with `turn.started`; the run itself resolves only when the turn ends.
      return new Promise((resolve) => {
        let settled = false;
        const finish = (result: Awaited<ReturnType<ChatHandlers['chat:send']>>): void => {
          if (settled) return;
          settled = true;
          off();
          clearTimeout(timer);
          resolve(result);
        };
        const off = core.events.on((event) => {
          if (event.type === 'turn.started' && event.sessionKey === sessionKey) finish(ipcOk({ turnId: event.turnId }));
        });
        const timer = setTimeout(() => finish(ipcOk({ turnId: '' })), TURN_START_TIMEOUT_MS);
        timer.unref?.();
        let running: unknown;
        try {
          running = run({ sessionKey, text, ...(images?.length ? { images } : {}), source: 'ui' });
        } catch (err) {
          finish(ipcFail('conflict', errorMessage(err)));
          return;
        }
        void Promise.resolve(running).then(
          (result) => {
            const turnId = result && typeof result === 'object' ? (result as { turnId?: unknown }).turnId : undefined;
            const error = result && typeof result === 'object' ? (result as { ok?: unknown; error?: unknown }) : undefined;
            if (error?.ok === false && typeof error.error === 'string') finish(ipcFail('conflict', error.error));
            else finish(ipcOk({ turnId: typeof turnId === 'string' ? turnId : '' }));
          },
          (err: unknown) => finish(ipcFail('conflict', errorMessage(err))),
        );
      });
    },

    async 'chat:cancel'({ sessionKey }) {
      const s = sessions();
      if (!hasMethod(s, 'cancel')) return unavailable('The agent');
      const cancelled = await (s.cancel as (k: string) => unknown)(sessionKey);
      return ipcOk({ cancelled: Boolean(cancelled) });
    },

    async 'chat:list-sessions'(args) {
      return ipcOk({ sessions: summaries(core.db, isBusy, { ...(args?.limit ? { limit: args.limit } : {}), ...(args?.channel ? { channel: args.channel } : {}) }) });
    },

    async 'chat:history'({ sessionKey, beforeId, limit }) {
      return ipcOk(historyPage(core.db, sessionKey, limit, beforeId));
    },

    async 'chat:search'({ query, limit }) {
      return ipcOk({ hits: searchMessages(core.db, query, limit) });
    },

    async 'chat:new-session'(args) {
      const sessionKey = `desktop:${randomBytes(6).toString('hex')}`;
      ensureSession(core.db, sessionKey, core.clock.now());
      if (args?.title?.trim()) setSessionTitle(core.db, sessionKey, args.title);
      core.events.emit({ type: 'session.changed', sessionKey, change: 'created' });
      return ipcOk({ sessionKey });
    },

    async 'chat:rename-session'({ sessionKey, title }) {
      if (!getSession(core.db, sessionKey)) return ipcFail('not_found', `No session "${sessionKey}".`);
      setSessionTitle(core.db, sessionKey, title);
      core.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
      return ipcOk({ sessionKey, title: getSession(core.db, sessionKey)?.title ?? title });
    },

    async 'chat:delete-session'({ sessionKey }) {
      if (isBusy(sessionKey)) return ipcFail('conflict', 'A turn is running in this session; stop it first.');
      const deleted = deleteSession(core.db, sessionKey);
      if (deleted) {
        core.db.prepare('DELETE FROM tool_events WHERE session_key = ?').run(sessionKey);
        core.events.emit({ type: 'session.changed', sessionKey, change: 'deleted' });
      }
      return ipcOk({ deleted });
    },

    async 'chat:export-markdown'({ sessionKey }) {
      const doc = exportMarkdown(core.db, sessionKey);
      return doc ? ipcOk(doc) : ipcFail('not_found', `No session "${sessionKey}".`);
    },
  };
}
