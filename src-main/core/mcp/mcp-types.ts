// Public shapes of the MCP client: per-server status and the `core.mcp` service.
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { Result } from '../lib/result';

/** Lifecycle of one configured server, as `/mcp status` and the runtime panel show it (`idle`: not started yet). */
export type McpServerState = 'connected' | 'connecting' | 'failing' | 'circuit_open' | 'disabled' | 'idle';

export type McpTransportKind = 'stdio' | 'http' | 'sse';

export interface McpServerStatus {
  name: string;
  transport: McpTransportKind;
  state: McpServerState;
  /** Tools currently registered for this server. */
  toolCount: number;
  /** Model-facing names of those tools, sorted. */
  tools: string[];
  trusted: boolean;
  /** Failures (connect or call) since the last success. */
  consecutiveFailures: number;
  lastError?: string;
  /** When the circuit closes again / the next reconnect is tried (epoch ms). */
  retryAt?: number;
}

/** What a user may give for a new server (defaults are filled by the config schema). */
export type McpServerInput = Partial<McpServerConfig> & ({ command: string } | { url: string });

/** `core.mcp`: the MCP servers of this core. */
export interface McpService {
  /** Every configured server, sorted by name. */
  status(): McpServerStatus[];
  /** Re-reads `mcpServers` from the config, reconnecting servers whose settings changed (all when `force`); waits up to 10 s. */
  reload(options?: { force?: boolean }): Promise<void>;
  /** Adds the server to config.json (validated, atomic) and connects it at once (answers within 10 s). */
  add(name: string, server: McpServerInput): Promise<Result<McpServerStatus>>;
  /** Removes the server from config.json and disconnects it. */
  remove(name: string): Promise<Result<void>>;
  /** Starts connecting (if not yet) and resolves when every enabled server settled or `ms` passed. */
  waitForServers(ms: number): Promise<void>;
}
