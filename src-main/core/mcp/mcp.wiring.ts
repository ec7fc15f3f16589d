// Builds the MCP client for the composition root (`core.mcp`): its tools on the registry, background connect, events.
import type { CoreBase } from '../base/core-base';
import { createLogger } from '../lib/logger';
import { addSecretSource } from '../lib/known-secrets';
import type { ToolRegistry } from '../tools/tool-registry';
import { migrateLegacyMcpRules } from './legacy-mcp-rules';
import { McpManager } from './mcp-manager';
import { OAuthStore } from './oauth/oauth-store';
import { instructionsSection } from './server-instructions';
import type { WorkspaceContextBuilder } from '../context/context-builder';
import type { McpService } from './mcp-types';
import type { McpSandboxHost } from './sandbox/stdio-launch';

/**
 * Builds the manager, adds its tools as a source of `deps.tools` (re-read before every model call), the servers'
 * instructions as a section of the system prompt (`deps.prompt`), and connects in the background (just after the
 * host's tray, `base.afterStart`) when `base.startBackground` is set; otherwise servers connect when a caller asks
 * (`waitForServers`, `add`, `reload`). Emits `mcp.changed` on every state or tool change.
 */
export function wireMcp(
  base: CoreBase,
  deps: { tools: ToolRegistry; prompt: WorkspaceContextBuilder; sandbox: Pick<McpSandboxHost, 'sandbox' | 'env' | 'egress'> },
): McpService {
  const oauthStore = new OAuthStore(base.paths.mcpAuthFile, base.secretCodec);
  // MCP sign-ins another process (the CLI's `mcp login`, the desktop app) stored since: known before any tool result
  base.onDispose(
    addSecretSource(() => {
      oauthStore.refresh();
      return [];
    }),
  );
  migrateLegacyMcpRules(base.db, Object.keys(base.config().mcpServers), createLogger('mcp'), base.clock.now());
  const manager = new McpManager({
    clock: base.clock,
    config: base.config,
    updateConfig: base.updateConfig,
    baseDir: base.paths.home,
    oauthStore,
    onChange: () => base.events.emit({ type: 'mcp.changed' }),
    emit: (event) => base.events.emit(event),
    builtinToolCount: () => deps.tools.registeredCount(),
    sandbox: { ...deps.sandbox, config: base.config, nanotrayHome: base.paths.home, workspace: () => base.workspace() },
  });
  base.onDispose(deps.tools.addSource(manager));
  base.onDispose(deps.prompt.addSection({ text: () => instructionsSection(manager.instructions()) }));
  base.onDispose(
    base.events.on((event) => {
      if (event.type !== 'config.changed') return;
      manager.syncWithConfig();
    }),
  );
  base.onDispose(() => manager.dispose());
  if (base.startBackground) base.afterStart('the MCP connections', () => manager.start());
  return manager;
}
