// Adapts the core's feature services to the ports slash commands use (one place to follow their APIs).
import type { Core } from '../nanotray-core';
import type { McpService } from '../mcp/mcp-types';
import type { CommandPorts } from './install-commands';

/**
 * The ports for `core`. Read on every command, so services assigned to the core after the commands
 * were installed are used as soon as they exist; a missing service leaves its port out.
 */
export function coreCommandPorts(core: Core, mcp: McpService): CommandPorts {
  const sessions = core.sessions;
  return {
    mcp,
    // The runner has no clear of its own: the registry clears the session in the store.
    sessions: { isBusy: (sessionKey) => sessions.isBusy(sessionKey) },
  };
}
