// All configured MCP servers: keeps connections in step with config, offers their tools to the registry.
import { mcpServerSchema, type Config, type McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { Clock } from '../lib/clock';
import { failure, type ServiceError } from '../lib/core-error';
import { errResult, errorMessage, okResult, type Result } from '../lib/result';
import type { ConfigUpdateError } from '../config/load-config';
import type { Tool } from '../tools/tool';
import type { ToolSource } from '../tools/tool-registry';
import { buildToolSet, type ToolSet } from './mcp-tool-set';
import { mcpServerOf } from './mcp-tool';
import type { BudgetReport } from './tool-budget';
import { McpConnection } from './mcp-connection';
import { completePromptArgument, getPrompt } from './prompts/prompt-requests';
import { offeredResources, readAttachments } from './resources/resource-attachments';
import type { McpResource, McpResourceRef } from '../../../src-preload/contract/mcp-schemas';
import { signInConnection, signOutConnection } from './oauth/connection-sign-in';
import { ElicitationService } from './elicitation/elicitation-service';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { OAuthStore } from './oauth/oauth-store';
import type { McpPromptEntry, McpServerInput, McpServerStatus, McpService, ResourceAttachment, SignInStart } from './mcp-types';
import { sameJson } from '../lib/same-json';
import type { ServerInstructions } from './server-instructions';
import type { McpSandboxHost } from './sandbox/stdio-launch';

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
/** How long `add` and `reload` wait for servers to connect before answering with their current state. */
const COMMAND_WAIT_MS = 10_000;

export interface McpManagerDeps {
  clock: Clock;
  config(): Config;
  updateConfig(mutate: (raw: Record<string, unknown>) => void): Result<Config, ConfigUpdateError>;
  /** Folder relative `cwd`s are resolved against (NANOTRAY_HOME, where config.json lives). */
  baseDir: string;
  /** Fired when servers, states or tools change (`mcp.changed`). */
  onChange(): void;
  /** Where the servers' requests for input go (`elicitation.requested` / `.resolved`). */
  emit(event: CoreEvent): void;
  /** OAuth tokens and registrations of HTTP servers. */
  oauthStore: OAuthStore;
  /** How many tools the model gets besides the MCP ones (the built-ins): they count against `tools.maxTools`. */
  builtinToolCount?(): number;
  /** The OS sandbox for servers with `sandbox: true`. */
  sandbox?: McpSandboxHost;
}


/** Connections + the ToolSource of their tools. Connects only once `start()` ran or a caller asked. */
export class McpManager implements McpService, ToolSource {
  #connections = new Map<string, McpConnection>();
  #started = false;
  #disposed = false;
  #toolCache: ToolSet | undefined;
  #stopping = new Set<Promise<void>>();
  /** The servers' requests for input waiting for the user: `respond(id, action, content)`, `pending()`. */
  readonly elicitations: ElicitationService;

  constructor(private readonly deps: McpManagerDeps) {
    this.elicitations = new ElicitationService({ emit: (event) => deps.emit(event), clock: deps.clock });
    this.#sync(false);
  }

  /** Connects every enabled server in the background; never waits. */
  start(): void {
    if (this.#disposed) return;
    this.#started = true;
    for (const connection of this.#connections.values()) connection.start();
  }

  /** The registry reads this before every model call. Cached until a server's tools change. */
  tools(): Tool[] {
    const built = this.#built();
    return [...built.tools, ...built.resourceTools];
  }

  /** The `instructions` of every connected server (their own text, for the system prompt's bounded section). */
  instructions(): ServerInstructions[] {
    return [...this.#connections.values()]
      .filter((c) => c.snapshot().state === 'connected' && c.catalog.instructions)
      .map((c) => ({ server: c.name, instructions: c.catalog.instructions! }));
  }

  /** When the offered tools pass `tools.maxTools`: what was cut and the largest servers (undefined when all fit). */
  budget(): BudgetReport | undefined {
    return this.#built().budget;
  }

  status(): McpServerStatus[] {
    const built = this.#built();
    const byServer = new Map<string, string[]>();
    for (const tool of built.tools) {
      const server = mcpServerOf(tool) ?? '';
      byServer.set(server, [...(byServer.get(server) ?? []), tool.name]);
    }
    return [...this.#connections.values()]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((c) => {
        const snap = c.snapshot();
        const tools = (byServer.get(c.name) ?? []).sort();
        const { catalog } = c;
        return {
          name: c.name,
          trusted: c.config.trusted,
          ...snap,
          toolCount: tools.length,
          tools,
          hidden: built.hidden.get(c.name) ?? { filtered: 0, taskOnly: 0, overLimit: 0 },
          resourceCount: catalog.resources.length + catalog.resourceTemplates.length,
          promptCount: catalog.prompts.length,
          hasInstructions: catalog.instructions !== undefined,
        };
      });
  }

  /** The resources connected servers list (for the composer's attach list). */
  resources(): McpResource[] {
    return offeredResources([...this.#connections.values()]);
  }

  /** Reads resources the user attaches to a message (listed ones only), framed as the servers' untrusted content. */
  attach(refs: readonly McpResourceRef[], signal: AbortSignal): Promise<Result<ResourceAttachment[], ServiceError<'not_found' | 'unavailable' | 'failed'>>> {
    return readAttachments(this.#connections, refs, signal);
  }

  prompts(): McpPromptEntry[] {
    return [...this.#connections.values()]
      .filter((c) => c.snapshot().state === 'connected')
      .flatMap((c) => c.catalog.prompts.map((prompt) => ({ server: c.name, prompt, completes: c.catalog.offers.completions })));
  }

  async getPrompt(server: string, name: string, args: Record<string, string>, typed: string): Promise<Result<string, ServiceError<'not_found' | 'failed' | 'unavailable'>>> {
    const connection = this.#connections.get(server);
    if (!connection || !connection.catalog.prompts.some((p) => p.name === name)) return failure('not_found', `MCP server '${server}' has no prompt '${name}'`);
    return getPrompt(connection, name, args, typed);
  }

  async completePrompt(server: string, name: string, argument: { name: string; value: string }, context: Record<string, string>): Promise<string[]> {
    const connection = this.#connections.get(server);
    return connection ? completePromptArgument(connection, name, argument, context) : [];
  }

  async reload(options: { force?: boolean } = {}): Promise<void> {
    this.#sync(options.force ?? false);
    await this.#settleStops();
    await this.waitForServers(COMMAND_WAIT_MS);
  }

  async waitForServers(ms: number): Promise<void> {
    this.start();
    await this.#settledWithin([...this.#connections.values()], ms);
  }

  /** Resolves when every connection's first attempt finished, or after `ms` on the core's clock. */
  async #settledWithin(connections: McpConnection[], ms: number): Promise<void> {
    let cancel: (() => void) | undefined;
    const cap = new Promise<void>((resolve) => {
      cancel = this.deps.clock.setTimeout(resolve, ms);
    });
    await Promise.race([Promise.all(connections.map((c) => c.settled())), cap]);
    cancel?.();
  }

  async add(name: string, input: McpServerInput): Promise<Result<McpServerStatus>> {
    if (!SERVER_NAME.test(name)) {
      return errResult(`Error: MCP server name '${name}' must start with a letter or digit and use only letters, digits, '_', '-' or '.' (max 40).`);
    }
    if (this.deps.config().mcpServers[name]) {
      return errResult(`Error: MCP server '${name}' already exists; remove it first or edit config.json.`);
    }
    const checked = mcpServerSchema.safeParse(input);
    if (!checked.success) return errResult(`Error: invalid MCP server '${name}': ${checked.error.issues.map((i) => i.message).join('; ')}`);
    const updated = this.deps.updateConfig((raw) => {
      const key = 'mcpServers' in raw || !('mcp_servers' in raw) ? 'mcpServers' : 'mcp_servers';
      // The file passed validation before `mutate`, so the servers entry (when present) is an object.
      const servers = (raw[key] ??= {}) as Record<string, unknown>;
      servers[name] = input;
    });
    if (!updated.ok) return errResult(`Error: could not add MCP server '${name}': ${updated.error.message}`);
    this.#sync(false);
    const connection = this.#connections.get(name);
    if (!connection) return errResult(`Error: MCP server '${name}' was saved but could not be loaded.`);
    connection.start();
    await this.#settledWithin([connection], COMMAND_WAIT_MS);
    const status = this.status().find((s) => s.name === name);
    return status ? okResult(status) : errResult(`Error: MCP server '${name}' disappeared while connecting.`);
  }

  async remove(name: string): Promise<Result<void>> {
    if (!this.deps.config().mcpServers[name]) return errResult(`Error: no MCP server '${name}' in config.json`);
    const updated = this.deps.updateConfig((raw) => {
      for (const key of ['mcpServers', 'mcp_servers']) {
        const servers = raw[key];
        if (servers && typeof servers === 'object') delete (servers as Record<string, unknown>)[name];
      }
    });
    if (!updated.ok) return errResult(`Error: could not remove MCP server '${name}': ${updated.error.message}`);
    this.#sync(false);
    await this.#settleStops();
    return okResult(undefined);
  }

  async signIn(name: string): Promise<Result<SignInStart, ServiceError<'not_found' | 'failed'>>> {
    const connection = this.#connections.get(name);
    if (!connection) return failure('not_found', `No MCP server '${name}' in config.json`);
    if (!connection.config.enable) return failure('failed', `MCP server '${name}' is disabled (enable it first)`);
    return signInConnection(connection);
  }

  async signOut(name: string): Promise<Result<void, ServiceError<'not_found' | 'failed'>>> {
    const connection = this.#connections.get(name);
    if (!connection) return failure('not_found', `No MCP server '${name}' in config.json`);
    const result = await signOutConnection(connection);
    this.#notify();
    return result;
  }

  /** Keeps connections in step with config (called on config.changed too). `force` restarts them all. */
  syncWithConfig(): void {
    this.#sync(false);
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    this.elicitations.dispose();
    for (const connection of this.#connections.values()) this.#stop(connection);
    this.#connections.clear();
    await this.#settleStops();
  }

  #sync(force: boolean): void {
    if (this.#disposed) return;
    const wanted: Record<string, McpServerConfig> = this.deps.config().mcpServers;
    let changed = false;
    for (const [name, connection] of this.#connections) {
      const next = wanted[name];
      if (next && !force && sameConfig(next, connection.config)) continue;
      this.#stop(connection);
      this.#connections.delete(name);
      changed = true;
    }
    for (const [name, config] of Object.entries(wanted)) {
      if (this.#connections.has(name)) continue;
      const connection = new McpConnection(name, config, {
        clock: this.deps.clock,
        baseDir: this.deps.baseDir,
        oauthStore: this.deps.oauthStore,
        elicitations: this.elicitations,
        ...(this.deps.sandbox ? { sandbox: this.deps.sandbox } : {}),
        onChange: () => this.#changed(connection),
      });
      this.#connections.set(name, connection);
      if (this.#started) connection.start();
      changed = true;
    }
    if (changed) this.#notify();
  }

  #stop(connection: McpConnection): void {
    const stopping = connection.stop().catch(() => {});
    this.#stopping.add(stopping);
    void stopping.finally(() => this.#stopping.delete(stopping));
  }

  async #settleStops(): Promise<void> {
    await Promise.all([...this.#stopping]);
  }

  #changed(connection: McpConnection): void {
    if (this.#connections.get(connection.name) !== connection) return;
    this.#notify();
  }

  #notify(): void {
    this.#toolCache = undefined;
    try {
      this.deps.onChange();
    } catch (err) {
      console.error('[mcp] change listener failed:', errorMessage(err));
    }
  }

  /** Cached until a server's state or lists change. */
  #built(): ToolSet {
    this.#toolCache ??= buildToolSet([...this.#connections.values()], this.deps.config().tools.maxTools, this.deps.builtinToolCount?.() ?? 0);
    return this.#toolCache;
  }
}

/** Same settings, whatever the order of their keys (a rewrite of config.json must not reconnect a server). */
function sameConfig(a: McpServerConfig, b: McpServerConfig): boolean {
  return sameJson(a, b);
}
