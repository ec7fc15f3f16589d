// mcp:* handlers: the servers' status, the tool limit's report, OAuth sign-in and sign-out, resources to attach.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { describeBudget } from '../../mcp/tool-budget';
import { fromResult, ipcOk } from '../ipc-values';

type McpHandlers = Pick<InvokeHandlers, 'mcp:status' | 'mcp:sign-in' | 'mcp:sign-out' | 'mcp:resources'>;

export function createMcpHandlers(core: Core): McpHandlers {
  return {
    async 'mcp:status'() {
      const budget = core.mcp.budget();
      return ipcOk({ servers: core.mcp.status(), ...(budget ? { budget: { ...budget, message: describeBudget(budget) } } : {}) });
    },

    async 'mcp:sign-in'({ name }) {
      // The wait for the browser goes on after this answer; mcp.changed reports the new state.
      const started = await core.mcp.signIn(name);
      return fromResult(started, (s) => (s.authorizationUrl ? { authorizationUrl: s.authorizationUrl } : {}));
    },

    async 'mcp:sign-out'({ name }) {
      return fromResult(await core.mcp.signOut(name), () => ({ signedOut: true }));
    },

    async 'mcp:resources'() {
      return ipcOk({ resources: core.mcp.resources() });
    },
  };
}
