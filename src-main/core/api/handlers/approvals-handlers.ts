// approvals:* handlers: answer a waiting approval, list pending ones, list and revoke "always allow" rules.
import type { CoreBase } from '../../nanotray-core';
import type { ApprovalRequest, ApprovalRule, InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { hasMethod, serviceOf } from '../core-services';
import { guessCode, ipcFail, ipcOk, unavailable } from '../ipc-values';
import { normalizeCall } from './result-shapes';

type ApprovalHandlers = Pick<
  InvokeHandlers,
  'approvals:resolve' | 'approvals:pending' | 'approvals:list-rules' | 'approvals:revoke-rule'
>;

const NOT_READY = 'Approvals';

function rulesFromDb(core: CoreBase): ApprovalRule[] {
  const rows = core.db.prepare('SELECT id, tool, kind, pattern, created_at FROM approval_rules ORDER BY id').all() as {
    id: number;
    tool: string;
    kind: ApprovalRule['kind'];
    pattern: string;
    created_at: number;
  }[];
  return rows.map((r) => ({ id: r.id, tool: r.tool, kind: r.kind, pattern: r.pattern, createdAt: r.created_at }));
}

function toRequest(value: unknown): ApprovalRequest | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Partial<ApprovalRequest> & { type?: unknown };
  if (typeof v.id !== 'string' || typeof v.tool !== 'string' || typeof v.sessionKey !== 'string') return undefined;
  return {
    id: v.id,
    sessionKey: v.sessionKey,
    turnId: typeof v.turnId === 'string' ? v.turnId : '',
    tool: v.tool,
    category: v.category === 'read' || v.category === 'write' || v.category === 'command' ? v.category : 'command',
    args: typeof v.args === 'string' ? v.args : JSON.stringify(v.args ?? {}),
    ...(typeof v.workingDir === 'string' ? { workingDir: v.workingDir } : {}),
    alwaysLabel: typeof v.alwaysLabel === 'string' ? v.alwaysLabel : v.tool,
    expiresAt: typeof v.expiresAt === 'number' ? v.expiresAt : 0,
  };
}

export function createApprovalHandlers(core: CoreBase): ApprovalHandlers {
  const approvals = (): unknown => serviceOf<unknown>(core, 'approvals');

  return {
    async 'approvals:resolve'({ id, decision }) {
      const a = approvals();
      if (!hasMethod(a, 'resolve')) return unavailable(NOT_READY);
      const out = await normalizeCall(() => (a.resolve as (i: string, d: string) => unknown)(id, decision));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      // resolve() may return a boolean (found or not) or nothing.
      if (out.value === false) return ipcFail('not_found', `No pending approval "${id}" (it may have expired).`);
      return ipcOk({ resolved: true });
    },

    async 'approvals:pending'() {
      const a = approvals();
      const method = hasMethod(a, 'pending') ? 'pending' : hasMethod(a, 'listPending') ? 'listPending' : undefined;
      if (!a || !method) return unavailable(NOT_READY);
      const out = await normalizeCall(() => (a as Record<string, () => unknown>)[method]!());
      if (!out.ok) return ipcFail('internal', out.error);
      const list = Array.isArray(out.value) ? out.value : [];
      return ipcOk({ pending: list.map(toRequest).filter((r): r is ApprovalRequest => Boolean(r)) });
    },

    async 'approvals:list-rules'() {
      return ipcOk({ rules: rulesFromDb(core) });
    },

    async 'approvals:revoke-rule'({ id }) {
      const a = approvals();
      if (!hasMethod(a, 'revokeRule')) return unavailable(NOT_READY);
      const out = await normalizeCall(() => (a.revokeRule as (i: number) => unknown)(id));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      return ipcOk({ revoked: out.value !== false });
    },
  };
}
