// Public shapes of the MCP client: per-server status and the `core.mcp` service.
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { ServiceError } from '../lib/core-error';
import type { Result } from '../lib/result';
import type { McpAuthStatus } from './oauth/server-auth';
import type { SignInStart } from './oauth/sign-in';
import type { BudgetReport } from './tool-budget';
import type { ElicitationService } from './elicitation/elicitation-service';
import type { McpResource, McpResourceRef, McpServerStatus } from '../../../src-preload/contract/mcp-schemas';
import type { McpPromptInfo } from './server-catalog';

export type { McpAuthStatus, SignInStart };

/**
 * Lifecycle of one configured server, as `/mcp status` and the runtime panel show it (`idle`: not started yet;
 * `needs_auth`: an HTTP server that wants the user to sign in — nothing is retried until then).
 */
export type McpServerState = 'connected' | 'connecting' | 'failing' | 'circuit_open' | 'needs_auth' | 'failed' | 'disabled' | 'idle';

/**
 * stdio servers: `on` in the OS sandbox, `off` with the user's rights (not asked for), `unavailable` asked for but no
 * sandbox works here (the server is not started; `error` says why).
 */
export type McpSandboxStatus = 'on' | 'off' | 'unavailable';

export type McpTransportKind = 'stdio' | 'http' | 'sse';

/** One server's status: the contract's shape, built by the MCP manager and served to every host as it is. */
export type { McpServerStatus };

/** What a user may give for a new server (defaults are filled by the config schema). */
export type McpServerInput = Partial<McpServerConfig> & ({ command: string } | { url: string });

/** `core.mcp`: the MCP servers of this core. */
export interface McpService {
  /** Every configured server, sorted by name. */
  status(): McpServerStatus[];
  /** Set when the offered tools pass `tools.maxTools` (what was cut, the largest servers). */
  budget(): BudgetReport | undefined;
  /** Re-reads `mcpServers` from the config, reconnecting servers whose settings changed (all when `force`); waits up to 10 s. */
  reload(options?: { force?: boolean }): Promise<void>;
  /** Adds the server to config.json (validated, atomic) and connects it at once (answers within 10 s). */
  add(name: string, server: McpServerInput): Promise<Result<McpServerStatus>>;
  /** Removes the server from config.json and disconnects it. */
  remove(name: string): Promise<Result<void>>;
  /** Starts connecting (if not yet) and resolves when every enabled server settled or `ms` passed. */
  waitForServers(ms: number): Promise<void>;
  /**
   * Starts signing in to an HTTP server: resolves with the authorization URL to open in a browser (none for a
   * machine client) and `done`, which settles when the browser came back and the server reconnected.
   */
  signIn(name: string): Promise<Result<SignInStart, ServiceError<'not_found' | 'failed'>>>;
  /** Forgets the server's tokens and registration. */
  signOut(name: string): Promise<Result<void, ServiceError<'not_found' | 'failed'>>>;
  /** The servers' requests for input (forms, links) waiting for the user: `respond(id, action, content)`, `pending(sessionKey?)`. */
  readonly elicitations: Pick<ElicitationService, 'respond' | 'pending'>;
  /** The resources connected servers list (for the composer's attach list). */
  resources(): McpResource[];
  /** Reads resources the user attaches to a message (listed ones only), framed as the servers' untrusted content. */
  attach(refs: readonly McpResourceRef[], signal: AbortSignal): Promise<Result<ResourceAttachment[], ServiceError<'not_found' | 'unavailable' | 'failed'>>>;
  /** The prompts of the connected servers (the slash commands `/<server>:<prompt>` are made of them). */
  prompts(): McpPromptEntry[];
  /** A server's prompt filled in with `args`, as the user's message; `typed` is the command line the user wrote. */
  getPrompt(server: string, name: string, args: Record<string, string>, typed: string): Promise<Result<string, ServiceError<'not_found' | 'failed' | 'unavailable'>>>;
  /** The server's completions of one argument of a prompt (empty when it offers none). */
  completePrompt(server: string, name: string, argument: { name: string; value: string }, context: Record<string, string>): Promise<string[]>;
}

/** One prompt of a connected server; `completes`: the server offers argument completion. */
export interface McpPromptEntry {
  server: string;
  prompt: McpPromptInfo;
  completes: boolean;
}

/** One resource the user attached to a message, as it goes with it (and is stored with it). */
export interface ResourceAttachment {
  server: string;
  uri: string;
  /** The framed, bounded, scrubbed content the model reads. */
  text: string;
}
