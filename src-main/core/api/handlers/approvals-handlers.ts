// approvals:* handlers over `core.approvals`: answer a waiting approval, list pending ones, rules.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { ipcError, ipcOk } from '../ipc-values';

type ApprovalHandlers = Pick<
  InvokeHandlers,
  'approvals:resolve' | 'approvals:pending' | 'approvals:list-rules' | 'approvals:revoke-rule' | 'approvals:allow-host'
>;

export function createApprovalHandlers(core: Core): ApprovalHandlers {
  return {
    async 'approvals:resolve'({ id, decision, note }) {
      const resolved = core.approvals.resolve(id, decision, 'permanent', note);
      if (!resolved.ok) return ipcError(resolved.error);
      return ipcOk({ resolved: true });
    },

    async 'approvals:pending'() {
      return ipcOk({ pending: core.approvals.pending().map((r) => ({ ...r })) });
    },

    async 'approvals:list-rules'() {
      return ipcOk({ rules: core.approvals.listRules().map((r) => ({ ...r })) });
    },

    async 'approvals:revoke-rule'({ id }) {
      const revoked = core.approvals.revokeRule(id);
      if (!revoked.ok) return ipcError(revoked.error);
      return ipcOk({ revoked: true });
    },

    async 'approvals:allow-host'({ host }) {
      const added = core.approvals.allowHost(host);
      if (!added.ok) return ipcError(added.error);
      return ipcOk({ rule: { ...added.value } });
    },
  };
}
