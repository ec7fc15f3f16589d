// elicitation:* handlers over `core.mcp.elicitations`: answer an MCP server's request for input, list those waiting.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { ipcError, ipcOk } from '../ipc-values';

type ElicitationHandlers = Pick<InvokeHandlers, 'elicitation:respond' | 'elicitation:pending'>;

export function createElicitationHandlers(core: Core): ElicitationHandlers {
  return {
    async 'elicitation:respond'({ id, action, content }) {
      const answered = core.mcp.elicitations.respond(id, action, content);
      if (answered.ok) return ipcOk({ resolved: true });
      // An answer that does not fit is no failure of the call: the form shows what to fix and the request waits.
      if (answered.error.code === 'invalid') return ipcOk({ resolved: false, problems: answered.error.problems });
      return ipcError(answered.error);
    },

    async 'elicitation:pending'() {
      return ipcOk({ pending: core.mcp.elicitations.pending() });
    },
  };
}
