// Approvals slice: requests waiting for the user (shown inline in their chat), decisions, saved rules.
import { t } from '../i18n/i18n';
import type { ApprovalRequest, ApprovalRule, CoreEvent } from '@contract/schemas';
import { call } from './ipc-call';
import type { SliceCreator } from './store-types';
import type { ApprovalState, ChatItem } from './types';

export type ApprovalDecision = 'allow_once' | 'allow_always' | 'deny';

export interface ApprovalsSlice {
  /** Pending requests by id. */
  approvals: Record<string, ApprovalRequest>;
  approvalRules: ApprovalRule[];
  approvalRulesError: string | null;
  /** Answers a request; a denial may carry the user's `note` for the model. */
  resolveApproval(id: string, decision: ApprovalDecision, note?: string): Promise<void>;
  loadPendingApprovals(): Promise<void>;
  loadApprovalRules(): Promise<void>;
  revokeApprovalRule(id: number): Promise<void>;
  /** Always let web_fetch reach a host; the error text when the host is not valid. */
  allowHost(host: string): Promise<string | null>;
  applyApprovalsEvent(event: CoreEvent): void;
}

export const createApprovalsSlice: SliceCreator<ApprovalsSlice> = (set, get, deps) => {
  const { api } = deps;

  function setItemDecision(sessionKey: string, id: string, decision: ApprovalState): void {
    set((s) => {
      const t = s.threads[sessionKey];
      if (!t) return {};
      return {
        threads: {
          ...s.threads,
          [sessionKey]: {
            ...t,
            items: t.items.map((i) => (i.kind === 'approval' && i.request.id === id ? { ...i, decision } : i)),
          },
        },
      };
    });
  }

  function addRequest(request: ApprovalRequest): void {
    set((s) => {
      const approvals = { ...s.approvals, [request.id]: request };
      const t = s.threads[request.sessionKey];
      if (!t || t.items.some((i) => i.kind === 'approval' && i.request.id === request.id)) return { approvals };
      const item: ChatItem = { kind: 'approval', id: `p${request.id}`, request, decision: 'pending' };
      return { approvals, threads: { ...s.threads, [request.sessionKey]: { ...t, items: [...t.items, item] } } };
    });
  }

  return {
    approvals: {},
    approvalRules: [],
    approvalRulesError: null,

    async resolveApproval(id, decision, note) {
      const request = get().approvals[id];
      const said = decision === 'deny' ? note?.trim() : undefined;
      const res = await call(api.approvals.resolve({ id, decision, ...(said ? { note: said } : {}) }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.approvalFailed'), body: res.message, tone: 'error' });
        return;
      }
      if (!res.value.resolved) {
        // it expired or was answered elsewhere
        if (request) setItemDecision(request.sessionKey, id, 'expired');
      } else if (request) {
        setItemDecision(request.sessionKey, id, decision);
      }
      set((s) => {
        const approvals = { ...s.approvals };
        delete approvals[id];
        return { approvals };
      });
      if (decision === 'allow_always') void get().loadApprovalRules();
    },

    async loadPendingApprovals() {
      const res = await call(api.approvals.pending());
      if (!res.ok) return;
      for (const request of res.value.pending) addRequest(request);
    },

    async loadApprovalRules() {
      const res = await call(api.approvals.listRules());
      if (!res.ok) set({ approvalRulesError: res.message });
      else set({ approvalRules: res.value.rules, approvalRulesError: null });
    },

    async revokeApprovalRule(id) {
      const res = await call(api.approvals.revokeRule({ id }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.revokeFailed'), body: res.message, tone: 'error' });
        return;
      }
      set((s) => ({ approvalRules: s.approvalRules.filter((r) => r.id !== id) }));
    },

    async allowHost(host) {
      const res = await call(api.approvals.allowHost({ host }));
      if (!res.ok) return res.message;
      await get().loadApprovalRules();
      return null;
    },

    applyApprovalsEvent(event) {
      if (event.type === 'approval.requested') {
        const { type: _type, ...request } = event;
        addRequest(request);
        // Not looking at that chat: say so, with a way there (the rail shows a dot too).
        if (get().view !== 'chat' || get().activeSessionKey !== request.sessionKey) {
          get().pushToast({
            title: t('chat.toast.approvalNeeded'),
            body: t('chat.toast.approvalNeededBody', { tool: request.tool }),
            tone: 'info',
            sessionKey: request.sessionKey,
          });
        }
      } else if (event.type === 'approval.resolved') {
        // an approval nobody answered in time, or whose turn stopped, says so: nobody chose 'deny'
        setItemDecision(event.sessionKey, event.id, event.ended === 'expired' ? 'expired' : event.ended === 'stopped' ? 'stopped' : event.decision);
        set((s) => {
          if (!(event.id in s.approvals)) return {};
          const approvals = { ...s.approvals };
          delete approvals[event.id];
          return { approvals };
        });
      }
    },
  };
};
