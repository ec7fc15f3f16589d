// One configured MCP server: connect, list what it offers, send requests with progress and a deadline, answer its
// requests for input, breaker, reconnect with backoff, and a clean stop (a connect in progress is aborted, an HTTP
// session is ended).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { Clock } from '../lib/clock';
import type { RequestOptions as SdkRequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { scrubKnownSecrets } from '../lib/known-secrets';
import { errorMessage } from '../lib/result';
import { CircuitBreaker } from './circuit-breaker';
import type { OAuthStore } from './oauth/oauth-store';
import { notAnHttpServer, ServerAuth, type McpAuthStatus } from './oauth/server-auth';
import type { SignInError, SignInStart } from './oauth/sign-in';
import type { Result } from '../lib/result';
import { isAlive, runRequest, type RequestLimits } from './mcp-call';
import type { McpToolDefinition } from './mcp-tool';
import { abortClient, closeClient, openClient, transportKindOf, type OpenedClient } from './mcp-transport';
import type { McpServerState, McpTransportKind } from './mcp-types';
import { EMPTY_CATALOG, listCatalog, listPrompts, listResources, listResourceTemplates, listTools, type ServerCatalog } from './server-catalog';
import { telltaleStderrLine } from './stderr-line';
import { answerElicitation } from './elicitation/elicitation-handler';
import type { ElicitationService } from './elicitation/elicitation-service';
import { RunningCalls } from './elicitation/running-calls';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** `needs_auth`: the server wants a sign-in; nothing is retried until one finished. */
type Phase = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'needs_auth' | 'stopped';

export interface McpConnectionDeps {
  clock: Clock;
  /** Folder a relative `cwd` is resolved against. */
  baseDir: string;
  /** Called whenever state or what the server offers changes. */
  onChange(): void;
  /** Where OAuth tokens and registrations of HTTP servers are kept. */
  oauthStore: OAuthStore;
  /** Where the server's requests for input wait for the user. */
  elicitations: ElicitationService;
}

export interface ConnectionSnapshot {
  state: McpServerState;
  transport: McpTransportKind;
  consecutiveFailures: number;
  lastError?: string;
  retryAt?: number;
  /** HTTP servers: the sign-in side (signed in, what scope the server wants). */
  auth?: McpAuthStatus;
}

/** How a request to the server ended; `unavailable`: not sent (not connected, paused, waiting for a sign-in) or the connection broke. */
export type ServerReply<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'rejected'; code: number; message: string; data?: unknown }
  | { kind: 'cancelled' }
  | { kind: 'timed_out'; limit: string }
  | { kind: 'unavailable'; message: string };

export interface ServerRequestOptions extends Pick<RequestLimits, 'signal' | 'onProgress' | 'onStart'> {
  /** The request in messages: `tool 'x'`, `resource 'note://a'`. */
  what: string;
}

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
  #cancelRetry: (() => void) | undefined;
  #retryAt: number | undefined;
  #settled: Promise<void>;
  #refreshing: Promise<void> | undefined;
  #markSettled!: () => void;
  readonly #auth: ServerAuth | undefined;
  /** The calls running now (the server's requests for input are answered in the session of the latest). */
  readonly calls = new RunningCalls();

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly deps: McpConnectionDeps,
  ) {
    this.#kind = transportKindOf(config);
    this.#breaker = new CircuitBreaker(deps.clock);
    this.#auth = config.url ? new ServerAuth(name, { ...config, url: config.url }, deps.oauthStore, deps.clock) : undefined;
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
      lastError: this.#lastError,
      ...(this.#auth ? { auth: this.#auth.status() } : {}),
    };
    if (!this.config.enable || this.#phase === 'stopped') return { ...base, state: 'disabled' };
    if (this.#phase === 'needs_auth') return { ...base, state: 'needs_auth' };
    if (this.#breaker.isOpen()) return { ...base, state: 'circuit_open', retryAt: this.#breaker.retryAt() };
    if (this.#phase === 'connected') return { ...base, state: 'connected' };
    if (this.#phase === 'disconnected') return { ...base, state: 'failing', retryAt: this.#retryAt };
    if (this.#phase === 'idle') return { ...base, state: 'idle' };
    return { ...base, state: 'connecting' };
  }

  /** Disconnects for good (server removed, disabled or the core is disposed); a connect in progress is aborted. */
  async stop(): Promise<void> {
    this.#phase = 'stopped';
    this.#auth?.dispose();
    this.#stopping.abort();
    this.#cancelRetry?.();
    this.#cancelRetry = undefined;
    this.#catalog = EMPTY_CATALOG;
    const client = this.#client;
    const connecting = this.#connecting;
    this.#client = this.#connecting = undefined;
    this.#markSettled();
    await Promise.all([client && closeClient(client), connecting && connecting !== client && abortClient(connecting)]);
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
    if (this.#phase === 'needs_auth') return { kind: 'unavailable', message: `MCP server '${this.name}' ${this.#signInHint()}` };
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
          return { kind: 'unavailable', message: `MCP server '${this.name}' ${this.#signInHint()}` };
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
    this.#retryAt = undefined;
    this.deps.onChange();
    let client: Client | undefined;
    let cancelTimer: (() => void) | undefined;
    let opening: Promise<OpenedClient> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        cancelTimer = this.deps.clock.setTimeout(() => reject(new Error(`no answer within ${this.config.timeout}s`)), this.config.timeout * 1000);
      });
      opening = openClient(this.config, {
        baseDir: this.deps.baseDir,
        signal: this.#stopping.signal,
        prepare: (c) => {
          client = this.#connecting = c;
          this.#listen(c);
        },
        onStderr: (tail) => {
          this.#stderrTail = tail;
        },
        ...(this.#auth
          ? { http: { fetch: this.#auth.http.fetch, authProvider: this.#auth.provider, isAuthError: (e: unknown) => this.#auth?.isAuthError(e) ?? false } }
          : {}),
      });
      const opened = await Promise.race([opening, timeout]);
      client = opened.client;
      this.#kind = opened.kind;
      if (this.#isStopped()) {
        await closeClient(client);
        return;
      }
      const catalog = await Promise.race([listCatalog(client), timeout]);
      if (this.#isStopped()) {
        await closeClient(client);
        return;
      }
      client.onclose = () => this.#onClosed(opened.client);
      this.#client = client;
      this.#connecting = undefined;
      this.#catalog = catalog;
      this.#phase = 'connected';
      this.#lastError = undefined;
      this.#auth?.connected();
      this.#breaker.recordSuccess();
    } catch (err) {
      this.#connecting = undefined;
      // A connect that lost the race against the timeout may still finish: close what it opens.
      void opening?.then((o) => o.client.close(), () => {});
      await client?.close().catch(() => {});
      if (this.#isStopped()) return;
      if (this.#auth?.isAuthError(err)) {
        // A 401 is not an outage: no backoff, no breaker; the server waits for the user to sign in.
        this.#needsSignIn(err);
        return;
      }
      this.#phase = 'disconnected';
      this.#lastError = this.#clean(`${errorMessage(err)}${this.#stderrNote()}`);
      this.#breaker.recordFailure();
      this.#scheduleReconnect();
    } finally {
      cancelTimer?.();
      this.#markSettled();
      this.deps.onChange();
    }
  }

  /** A method (not a field read) so TypeScript does not narrow the phase across awaits. */
  #isStopped(): boolean {
    return this.#phase === 'stopped';
  }

  /** Handlers that must exist before the first message: requests for input and the list_changed notifications. */
  #listen(client: Client): void {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      answerElicitation(request.params, { server: this.name, calls: this.calls, service: this.deps.elicitations }, extra.signal),
    );
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      const refreshing = this.#refresh(client, async () => ({ tools: await listTools(client) }));
      this.#refreshing = refreshing;
      void refreshing.finally(() => {
        if (this.#refreshing === refreshing) this.#refreshing = undefined;
      });
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      void this.#refresh(client, async () => {
        const [resources, resourceTemplates] = await Promise.all([listResources(client), listResourceTemplates(client).catch(() => [])]);
        return { resources, resourceTemplates };
      });
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      void this.#refresh(client, async () => ({ prompts: await listPrompts(client) }));
    });
  }

  /** Re-lists one part of the catalog, bounded by the timeout (a call that triggered list_changed waits for it). */
  async #refresh(client: Client, list: () => Promise<Partial<ServerCatalog>>): Promise<void> {
    if (client !== this.#client) return;
    let cancelTimer: (() => void) | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        cancelTimer = this.deps.clock.setTimeout(() => reject(new Error(`no answer within ${this.config.timeout}s`)), this.config.timeout * 1000);
      });
      const part = await Promise.race([list(), timeout]);
      if (client !== this.#client) return;
      this.#catalog = { ...this.#catalog, ...part };
      this.deps.onChange();
    } catch (err) {
      this.#lastError = this.#clean(`could not refresh the server's lists: ${errorMessage(err)}`);
      this.deps.onChange();
    } finally {
      cancelTimer?.();
    }
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
    this.#cancelRetry?.();
    this.#cancelRetry = undefined;
    this.#retryAt = undefined;
    this.#lastError = this.#clean(this.#auth?.stateMessage(err) ?? 'needs sign-in');
  }

  #signInHint(): string {
    return this.#auth?.toolHint() ?? 'needs sign-in';
  }

  /**
   * Starts a sign-in. When it finished (tokens stored), the server reconnects at once. Stdio servers have none.
   */
  async signIn(): Promise<Result<SignInStart, SignInError>> {
    if (!this.#auth) return notAnHttpServer(this.name);
    const started = await this.#auth.signIn();
    if (!started.ok) return started;
    const done = started.value.done.then(async (result) => {
      if (this.#isStopped()) return result;
      if (result.ok) {
        await this.#reconnectNow();
      } else {
        this.#lastError = this.#clean(result.error.message);
        this.deps.onChange();
      }
      return result;
    });
    this.deps.onChange(); // signingIn shows until `done`
    return { ok: true, value: { ...started.value, done } };
  }

  /** Forgets the server's tokens and registration and reconnects (a server that needs them then says so). */
  async signOut(): Promise<Result<void, SignInError>> {
    if (!this.#auth) return notAnHttpServer(this.name);
    this.#auth.signOut();
    if (!this.#isStopped() && this.#phase !== 'idle') await this.#reconnectNow();
    return { ok: true, value: undefined };
  }

  async #reconnectNow(): Promise<void> {
    this.#cancelRetry?.();
    this.#cancelRetry = undefined;
    const client = this.#client;
    if (client) {
      this.#client = undefined;
      client.onclose = undefined;
      await client.close().catch(() => {});
    }
    this.#breaker.recordSuccess();
    await this.#connect();
  }

  /** 1 s, 2 s, 4 s … (max 30 s); while the breaker is open, when it closes. */
  #scheduleReconnect(): void {
    this.#cancelRetry?.();
    const now = this.deps.clock.now();
    const backoff = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, this.#breaker.consecutiveFailures - 1), MAX_RETRY_MS);
    const at = this.#breaker.retryAt() ?? now + backoff;
    this.#retryAt = at;
    this.#cancelRetry = this.deps.clock.setTimeout(() => {
      this.#cancelRetry = undefined;
      void this.#connect();
    }, at - now);
  }

  #clean(text: string): string {
    return scrubKnownSecrets(text).replace(/\s+/g, ' ').trim().slice(0, 500);
  }
}
