// mcp:* handlers: the servers' status, the tool limit's report, OAuth sign-in and sign-out, resources to attach.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers, McpServerStatus } from '../../../../src-preload/contract/schemas';
import type { McpServerStatus as CoreMcpStatus } from '../../mcp/mcp-types';
import { describeBudget } from '../../mcp/tool-budget';
import { fromResult, ipcOk } from '../ipc-values';

type McpHandlers = Pick<InvokeHandlers, 'mcp:status' | 'mcp:sign-in' | 'mcp:sign-out' | 'mcp:resources'>;

function toMcpStatus(s: CoreMcpStatus): McpServerStatus {
  return {
    name: s.name,
    transport: s.transport,
    state: s.state,
    tools: s.tools,
    toolCount: s.toolCount,
    trusted: s.trusted,
    consecutiveFailures: s.consecutiveFailures,
    hidden: s.hidden,
    resourceCount: s.resourceCount,
    promptCount: s.promptCount,
    hasInstructions: s.hasInstructions,
    ...(s.lastError ? { error: s.lastError } : {}),
    ...(s.retryAt !== undefined ? { retryAt: s.retryAt } : {}),
    ...(s.auth ? { auth: s.auth } : {}),
    ...(s.sandbox ? { sandbox: s.sandbox } : {}),
  };
}

export function createMcpHandlers(core: Core): McpHandlers {
  return {
    async 'mcp:status'() {
      const budget = core.mcp.budget();
      return ipcOk({ servers: core.mcp.status().map(toMcpStatus), ...(budget ? { budget: { ...budget, message: describeBudget(budget) } } : {}) });
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
