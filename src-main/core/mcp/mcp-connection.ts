// One configured MCP server: connect, list what it offers, send requests with progress and a deadline, answer its
// requests for input, breaker, reconnect with backoff, and a clean stop (a connect in progress is aborted, an HTTP
// session is ended).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions as SdkRequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { Clock } from '../lib/clock';
import { scrubSecrets } from '../lib/known-secrets';
import { errorMessage } from '../lib/result';
import { CircuitBreaker } from './circuit-breaker';
import { ServerAuth } from './oauth/server-auth';
import { isAlive, runRequest } from './mcp-call';
import type { ConnectionSnapshot, McpConnectionDeps, ServerReply, ServerRequestOptions } from './mcp-connection-types';
import type { McpToolDefinition } from './mcp-tool';
import { abortClient, closeClient, transportKindOf } from './mcp-transport';
import { attemptConnect } from './connect-attempt';
import type { McpTransportKind } from './mcp-types';
import { EMPTY_CATALOG, type ServerCatalog } from './server-catalog';
import { listenToServer, within } from './server-listeners';
import { ReconnectTimer } from './reconnect-timer';
import { telltaleStderrLine } from './stderr-line';
import { prepareStdioLaunch } from './sandbox/stdio-launch';
import { ServerEgress } from './sandbox/server-egress';
import { answerElicitation } from './elicitation/elicitation-handler';
import type { ElicitationService } from './elicitation/elicitation-service';
import { RunningCalls } from './elicitation/running-calls';
import { ResourceWatch } from './resources/resource-watch';

export type { ConnectionSnapshot, McpConnectionDeps, ServerReply, ServerRequestOptions };

/**
 * `needs_auth`: the server wants a sign-in; nothing is retried until one finished. `refused`: not started (sandbox: true
 * and no sandbox works here); a config change or a reload makes a new connection.
 */
type Phase = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'needs_auth' | 'refused' | 'stopped';

/** ISO time without milliseconds, as error messages show it. */
export function formatRetryTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class McpConnection {
  #phase: Phase = 'idle';
  #client: Client | undefined;
  /** The client of a connect in progress: `stop()` closes it, so shutdown never waits for a slow server. */
  #connecting: Client | undefined;
  /** Aborted by `stop()`: a connect in progress tries no fallback transport. */
  #stopping = new AbortController();
  #kind: McpTransportKind;
  #catalog: ServerCatalog = EMPTY_CATALOG;
  #lastError: string | undefined;
  #stderrTail = '';
  #breaker: CircuitBreaker;
  readonly #retry: ReconnectTimer;
  #settled: Promise<void>;
  #refreshing: Promise<void> | undefined;
  #markSettled!: () => void;
  readonly #auth: ServerAuth | undefined;
  /** A sandboxed server's egress proxy (kept across reconnects, closed by `stop()`). */
  readonly #egress: ServerEgress | undefined;
  /** The calls running now (the server's requests for input are answered in the session of the latest). */
  readonly calls = new RunningCalls();
  /** The resources subscribed to on the current client, and which of them changed since they were read. */
  readonly resources = new ResourceWatch();

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly deps: McpConnectionDeps,
  ) {
    this.#kind = transportKindOf(config);
    this.#breaker = new CircuitBreaker(deps.clock);
    this.#retry = new ReconnectTimer(deps.clock);
    this.#auth = config.url ? new ServerAuth(name, { ...config, url: config.url }, deps.oauthStore, deps.clock) : undefined;
    this.#egress = config.sandbox && deps.sandbox?.egress ? new ServerEgress(name, this.calls, deps.sandbox.egress) : undefined;
    this.#settled = new Promise((resolve) => {
      this.#markSettled = resolve;
    });
  }

  /** Tools of the last successful listing (kept while reconnecting, so calls get a clear error). */
  get tools(): readonly McpToolDefinition[] {
    return this.#catalog.tools;
  }

  /** Everything of the last successful listing: tools, resources, prompts, instructions. */
  get catalog(): ServerCatalog {
    return this.#catalog;
  }

  get started(): boolean {
    return this.#phase !== 'idle';
  }

  /** Starts connecting in the background (no-op when already started or disabled). */
  start(): void {
    if (this.#phase !== 'idle' || !this.config.enable) return;
    void this.#connect();
  }

  /** Resolves once the first connection attempt finished (either way), or at once when disabled. */
  settled(): Promise<void> {
    if (!this.config.enable) return Promise.resolve();
    return this.#settled;
  }

  snapshot(): ConnectionSnapshot {
    const base = {
      transport: this.#kind,
      consecutiveFailures: this.#breaker.consecutiveFailures,
      ...(this.#lastError ? { error: this.#lastError } : {}),
      ...(this.#auth ? { auth: this.#auth.status() } : {}),
      ...(this.config.url ? {} : { sandbox: !this.config.sandbox ? 'off' : this.#phase === 'refused' ? 'unavailable' : 'on' } as const),
    };
    if (!this.config.enable || this.#phase === 'stopped') return { ...base, state: 'disabled' };
    if (this.#phase === 'refused') return { ...base, state: 'failed' };
    if (this.#phase === 'needs_auth') return { ...base, state: 'needs_auth' };
    if (this.#breaker.isOpen()) return { ...base, state: 'circuit_open', retryAt: this.#breaker.retryAt() };
    if (this.#phase === 'connected') return { ...base, state: 'connected' };
    if (this.#phase === 'disconnected') return { ...base, state: 'failing', retryAt: this.#retry.retryAt };
    if (this.#phase === 'idle') return { ...base, state: 'idle' };
    return { ...base, state: 'connecting' };
  }

  /** Disconnects for good (server removed, disabled or the core is disposed); a connect in progress is aborted. */
  async stop(): Promise<void> {
    this.#phase = 'stopped';
    this.#auth?.dispose();
    this.#stopping.abort();
    this.#retry.cancel();
    this.#catalog = EMPTY_CATALOG;
    const client = this.#client;
    const connecting = this.#connecting;
    this.#client = this.#connecting = undefined;
    this.#markSettled();
    await Promise.all([client && closeClient(client), connecting && connecting !== client && abortClient(connecting)]);
    await this.#egress?.close();
  }

  /** Where requests for input wait for the user (a sign-in during a call is asked there too). */
  get elicitations(): ElicitationService {
    return this.deps.elicitations;
  }

  /** The core's clock (progress events of a call are throttled on it). */
  get clock(): Clock {
    return this.deps.clock;
  }

  /**
   * Sends one request to the connected server under the call limits (`timeout` without progress, `maxTotalTimeout`
   * in all); the breaker, the sign-in state and reconnects follow from its outcome. `what` names it in messages
   * (`tool 'x'`). Never throws.
   */
  async request<T>(send: (client: Client, options: SdkRequestOptions) => Promise<T>, options: ServerRequestOptions): Promise<ServerReply<T>> {
    const retryAt = this.#breaker.retryAt();
    if (retryAt !== undefined) return { kind: 'unavailable', message: `MCP server '${this.name}' is unreachable; retrying after ${formatRetryTime(retryAt)}` };
    const client = this.#client;
    if (this.#phase === 'needs_auth') return { kind: 'unavailable', message: `MCP server '${this.name}' ${this.#signInHint()}`, signIn: true };
    if (!client || this.#phase !== 'connected') return { kind: 'unavailable', message: `MCP server '${this.name}' is not connected` };
    const outcome = await runRequest((sdkOptions) => send(client, sdkOptions), {
      clock: this.deps.clock,
      idleMs: this.config.timeout * 1000,
      maxMs: this.config.maxTotalTimeout * 1000,
      signal: options.signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onStart ? { onStart: options.onStart } : {}),
    });
    switch (outcome.kind) {
      case 'answered':
        this.#breaker.recordSuccess();
        // A list_changed sent during the request arrives before its result: wait for that refresh, so the
        // model's very next call already sees the new lists.
        await this.#refreshing;
        return outcome;
      case 'rejected':
        // The server answered: it is healthy, the request was wrong.
        return { ...outcome, message: this.#clean(outcome.message) };
      case 'cancelled':
        return outcome;
      case 'timed_out':
        return { kind: 'timed_out', limit: await this.#timedOut(client, options.what, outcome.reason) };
      case 'broken':
        if (this.#auth?.isAuthError(outcome.error)) {
          // A 401 (or a step-up 403) is not an outage: no breaker; the server waits for a sign-in.
          this.#needsSignIn(outcome.error);
          if (this.#client === client) this.#dropClient(client, false);
          this.deps.onChange();
          return { kind: 'unavailable', message: `MCP server '${this.name}' ${this.#signInHint()}`, signIn: true };
        }
        this.#breaker.recordFailure();
        this.#lastError = this.#clean(outcome.message);
        if (this.#client === client) this.#dropClient(client);
        this.deps.onChange();
        return { kind: 'unavailable', message: `MCP server '${this.name}' failed: ${this.#lastError}` };
    }
  }

  /**
   * A timeout counts against the server only when it no longer answers a ping; a slow tool is not a dead server.
   * Returns the limit that was reached, in words.
   */
  async #timedOut(client: Client, what: string, reason: 'idle' | 'max'): Promise<string> {
    const limit = reason === 'idle' ? `no answer or progress for ${this.config.timeout}s` : `still running after the maximum of ${this.config.maxTotalTimeout}s`;
    const alive = await isAlive(client, this.deps.clock);
    if (!alive) {
      this.#breaker.recordFailure();
      this.#lastError = `${what} timed out (${limit}) and the server no longer answers`;
      if (this.#client === client) this.#dropClient(client);
    } else {
      this.#lastError = `${what} timed out (${limit})`;
    }
    this.deps.onChange();
    return limit;
  }

  async #connect(): Promise<void> {
    if (this.#phase === 'stopped') return;
    this.#phase = 'connecting';
    this.#retry.cancel();
    this.deps.onChange();
    const launch = this.config.url ? undefined : await prepareStdioLaunch(this.name, this.config, this.deps.baseDir, this.deps.sandbox, this.#egress);
    if (this.#isStopped()) return;
    if (launch && !launch.ok) return this.#refuse(launch.reason);
    const attempt = await attemptConnect(this.config, {
      ...(launch?.ok ? { stdio: launch.params } : {}),
      clock: this.deps.clock,
      baseDir: this.deps.baseDir,
      signal: this.#stopping.signal,
      isStopped: () => this.#isStopped(),
      prepare: (c, sdk) => {
        this.#connecting = c;
        listenToServer(c, sdk, {
          onListChanged: (list, tools) => this.#onListChanged(c, list, tools),
          onResourceUpdated: (uri) => {
            if (c === this.#client && this.resources.markChanged(uri)) this.deps.onChange();
          },
          elicit: (params, signal) => answerElicitation(params, { server: this.name, calls: this.calls, service: this.deps.elicitations }, signal),
        });
      },
      onStderr: (tail) => {
        this.#stderrTail = tail;
      },
      ...(this.#auth ? { http: { fetch: this.#auth.http.fetch, authProvider: this.#auth.provider, isAuthError: (e: unknown) => this.#auth?.isAuthError(e) ?? false } } : {}),
    });
    this.#connecting = undefined;
    if (attempt.ok) {
      const { client } = attempt.opened;
      client.onclose = () => this.#onClosed(client);
      this.#client = client;
      this.resources.reset();
      this.#kind = attempt.opened.kind;
      this.#catalog = attempt.catalog;
      this.#phase = 'connected';
      this.#lastError = undefined;
      this.#auth?.connected();
      this.#breaker.recordSuccess();
    } else if ('error' in attempt && this.#auth?.isAuthError(attempt.error)) {
      // A 401 is not an outage: no backoff, no breaker; the server waits for the user to sign in.
      this.#needsSignIn(attempt.error);
    } else if ('error' in attempt) {
      this.#phase = 'disconnected';
      this.#lastError = this.#clean(`${errorMessage(attempt.error)}${this.#stderrNote()}`);
      this.#breaker.recordFailure();
      this.#scheduleReconnect();
    }
    this.#markSettled();
    this.deps.onChange();
  }

  /** Not started, for good (until the config changes): the reason is the status' error. */
  #refuse(reason: string): void {
    this.#phase = 'refused';
    this.#lastError = this.#clean(reason);
    this.#markSettled();
    this.deps.onChange();
  }

  /** A method (not a field read) so TypeScript does not narrow the phase across awaits. */
  #isStopped(): boolean {
    return this.#phase === 'stopped';
  }

  /** Re-lists one part of the catalog within the timeout; a call that triggered a tools list_changed waits for it. */
  #onListChanged(client: Client, list: () => Promise<Partial<ServerCatalog>>, tools: boolean): void {
    if (client !== this.#client) return;
    const refreshing = within(list, this.deps.clock, this.config.timeout * 1000).then(
      (part) => {
        if (client !== this.#client) return;
        this.#catalog = { ...this.#catalog, ...part };
        this.deps.onChange();
      },
      (err: unknown) => {
        this.#lastError = this.#clean(`could not refresh the server's lists: ${errorMessage(err)}`);
        this.deps.onChange();
      },
    );
    if (!tools) return;
    this.#refreshing = refreshing;
    void refreshing.finally(() => {
      if (this.#refreshing === refreshing) this.#refreshing = undefined;
    });
  }

  #onClosed(client: Client): void {
    if (client !== this.#client || this.#phase === 'stopped') return;
    this.#lastError = this.#clean(`connection closed${this.#stderrNote()}`);
    this.#breaker.recordFailure();
    this.#dropClient(client);
    this.deps.onChange();
  }

  /** ` (stderr: <the line that says why>)`, or nothing. */
  #stderrNote(): string {
    const line = telltaleStderrLine(this.#stderrTail);
    return line ? ` (stderr: ${line})` : '';
  }

  /** Forgets a broken client (its tools stay listed) and schedules a reconnect (unless it waits for a sign-in). */
  #dropClient(client: Client, reconnect = true): void {
    this.#client = undefined;
    if (reconnect) this.#phase = 'disconnected';
    client.onclose = undefined;
    void client.close().catch(() => {});
    if (reconnect) this.#scheduleReconnect();
  }

  #needsSignIn(err: unknown): void {
    this.#phase = 'needs_auth';
    this.#retry.cancel();
    this.#lastError = this.#clean(this.#auth?.stateMessage(err) ?? 'needs sign-in');
  }

  #signInHint(): string {
    return this.#auth?.toolHint() ?? 'needs sign-in';
  }

  /** The OAuth side of an HTTP server (sign-in, tokens); none for stdio servers. */
  get auth(): ServerAuth | undefined {
    return this.#auth;
  }

  /** Whether the connection was stopped for good. */
  get stopped(): boolean {
    return this.#isStopped();
  }

  /** A problem to show in the server's status (a sign-in that failed). */
  noteError(text: string): void {
    this.#lastError = this.#clean(text);
    this.deps.onChange();
  }

  /** Something outside the connection changed what its status shows (a sign-in started). */
  noteChange(): void {
    this.deps.onChange();
  }

  /** Drops the current client and connects at once (after a sign-in or a sign-out); nothing once stopped. */
  async reconnectNow(): Promise<void> {
    if (this.#isStopped()) return;
    this.#retry.cancel();
    const client = this.#client;
    if (client) {
      this.#client = undefined;
      client.onclose = undefined;
      await client.close().catch(() => {});
    }
    this.#breaker.recordSuccess();
    await this.#connect();
  }

  #scheduleReconnect(): void {
    this.#retry.schedule(this.#breaker.consecutiveFailures, this.#breaker.retryAt(), () => void this.#connect());
  }

  #clean(text: string): string {
    return scrubSecrets(text).replace(/\s+/g, ' ').trim().slice(0, 500);
  }
}
