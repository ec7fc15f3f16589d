// elicitation:* handlers over `core.mcp.elicitations`: answer an MCP server's request for input, list those waiting.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { ipcError, ipcOk } from '../ipc-values';

type ElicitationHandlers = Pick<InvokeHandlers, 'elicitation:respond' | 'elicitation:pending'>;

export function createElicitationHandlers(core: Core): ElicitationHandlers {
  return {
    async 'elicitation:respond'({ id, action, content }) {
      const answered = core.mcp.elicitations.respond(id, action, content);
      if (!answered.ok) return ipcError(answered.error);
      return ipcOk({ resolved: true });
    },

    async 'elicitation:pending'() {
      return ipcOk({ pending: core.mcp.elicitations.pending() });
    },
  };
}
