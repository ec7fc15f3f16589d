// Elicitation slice: MCP servers' requests for input waiting for the user (shown in the dock of their chat and in
// quick ask), each answered once; what became of one is noted in its conversation.
import type { CoreEvent, ElicitationAction, ElicitationContent, ElicitationProblem, ElicitationRequest } from '@contract/schemas';
import { t } from '../i18n/i18n';
import { call } from './ipc-call';
import type { SliceCreator } from './store-types';

export interface ElicitationSlice {
  /** Requests waiting for an answer, by id. */
  elicitations: Record<string, ElicitationRequest>;
  /**
   * Answers a request (`accept` of a link opens it first). Resolves with the problems per field when the answer
   * does not fit the form (the form keeps what was typed), else with none.
   */
  respondElicitation(id: string, action: ElicitationAction, content?: ElicitationContent): Promise<ElicitationProblem[]>;
  loadPendingElicitations(): Promise<void>;
  applyElicitationEvent(event: CoreEvent): void;
}

const OUTCOME_KEY = {
  form: { accept: 'mcp.elicitation.sent', decline: 'mcp.elicitation.declined', cancel: 'mcp.elicitation.dismissed' },
  url: { accept: 'mcp.elicitation.opened', decline: 'mcp.elicitation.declined', cancel: 'mcp.elicitation.dismissed' },
} as const;

export const createElicitationSlice: SliceCreator<ElicitationSlice> = (set, get, deps) => {
  let notes = 0;

  function forget(id: string): ElicitationRequest | undefined {
    const request = get().elicitations[id];
    if (!request) return undefined;
    set((s) => {
      const elicitations = { ...s.elicitations };
      delete elicitations[id];
      return { elicitations };
    });
    return request;
  }

  /** One line in the conversation saying what became of the request. */
  function note(request: ElicitationRequest, action: ElicitationAction): void {
    set((s) => {
      const thread = s.threads[request.sessionKey];
      if (!thread) return {};
      const text = t(OUTCOME_KEY[request.mode][action], { server: request.server });
      const item = { kind: 'notice' as const, id: `elicit-${request.id}-${++notes}`, text, tone: 'info' as const, at: deps.now() };
      return { threads: { ...s.threads, [request.sessionKey]: { ...thread, items: [...thread.items, item] } } };
    });
  }

  return {
    elicitations: {},

    async respondElicitation(id, action, content) {
      const request = get().elicitations[id];
      if (action === 'accept' && request?.link) await get().openExternal(request.link.url);
      const res = await call(deps.api.elicitation.respond({ id, action, ...(content ? { content } : {}) }));
      if (res.ok) return res.value.problems ?? [];
      // Answered elsewhere, expired or cancelled meanwhile: nothing waits any more.
      if (res.code === 'not_found') forget(id);
      else get().pushToast({ title: t('mcp.elicitation.failed'), body: res.message, tone: 'error' });
      return [];
    },

    async loadPendingElicitations() {
      const res = await call(deps.api.elicitation.pending());
      if (!res.ok) return;
      set((s) => ({ elicitations: { ...s.elicitations, ...Object.fromEntries(res.value.pending.map((r) => [r.id, r])) } }));
    },

    applyElicitationEvent(event) {
      if (event.type === 'elicitation.requested') {
        const { type: _type, ...request } = event;
        set((s) => ({ elicitations: { ...s.elicitations, [request.id]: request } }));
        if (get().view !== 'chat' || get().activeSessionKey !== request.sessionKey) {
          get().pushToast({
            title: t('mcp.elicitation.toastTitle'),
            body: t('mcp.elicitation.toastBody', { server: request.server }),
            tone: 'info',
            sessionKey: request.sessionKey,
          });
        }
      } else if (event.type === 'elicitation.resolved') {
        const request = forget(event.id);
        if (request) note(request, event.action);
      }
    },
  };
};
