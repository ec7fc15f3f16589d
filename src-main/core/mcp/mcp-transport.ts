// Opens a connected MCP client for one server: stdio (a child process) or streamable HTTP with SSE fallback.
import { isAbsolute, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import { errorMessage } from '../lib/result';
import { loadedMcpSdk, loadMcpSdk, type McpSdk } from './mcp-sdk-loader';
import type { McpTransportKind } from './mcp-types';

const CLIENT_INFO = { name: 'nanotray', version: '0.1.0' };
const STDERR_TAIL_CHARS = 2_000;

export interface OpenedClient {
  client: Client;
  kind: McpTransportKind;
}

export interface OpenClientOptions {
  /** Folder a relative `cwd` is resolved against (and the default cwd of stdio servers). */
  baseDir: string;
  /** Called before connecting so handlers (list_changed) exist before the first message (`sdk`: the loaded SDK). */
  prepare(client: Client, sdk: McpSdk): void;
  /** Receives the child's stderr (stdio servers) for error messages. */
  onStderr(text: string): void;
  /** HTTP servers: the fetch every request goes through, the OAuth provider, and what counts as "sign in first". */
  http?: { fetch: FetchLike; authProvider: OAuthClientProvider; isAuthError(err: unknown): boolean };
  /** Aborted when the connection is stopped: no fallback transport is tried after that. */
  signal?: AbortSignal;
  /** stdio servers: the child to start (wrapped in the sandbox, see stdio-launch.ts); default: as configured. */
  stdio?: StdioParameters;
}

/** How a stdio server's child is started (command, args, env, cwd). */
export type StdioParameters = ConstructorParameters<typeof StdioClientTransport>[0];

/** The transport kind a server config selects. */
export function transportKindOf(config: McpServerConfig): McpTransportKind {
  return config.url ? 'http' : 'stdio';
}

/**
 * The child's environment: exactly the server's configured `env` on top of the SDK's small safe list
 * (HOME, LOGNAME, PATH, SHELL, TERM, USER; on Windows the system folders). Nothing else of our
 * environment — in particular no provider API key — reaches the child.
 */
export function stdioParameters(config: McpServerConfig, baseDir: string): StdioParameters {
  const cwd = config.cwd ? (isAbsolute(config.cwd) ? config.cwd : resolve(baseDir, config.cwd)) : baseDir;
  return { command: config.command ?? '', args: config.args, env: { ...config.env }, cwd, stderr: 'pipe' };
}

/** How long ending an HTTP session (DELETE) may hold up a stop. */
const END_SESSION_TIMEOUT_MS = 2_000;

/**
 * Closes a connected client. A streamable HTTP session is ended first (DELETE with its Mcp-Session-Id, as the
 * spec asks of a client that leaves), bounded so a dead server cannot hold up shutdown. Never throws.
 */
export async function closeClient(client: Client): Promise<void> {
  const transport = client.transport;
  const sdk = loadedMcpSdk(); // loaded: a client exists
  if (sdk && transport instanceof sdk.StreamableHTTPClientTransport && transport.sessionId) {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
      timer.unref?.();
    });
    await Promise.race([transport.terminateSession().catch(() => {}), bound]);
    clearTimeout(timer);
  }
  await client.close().catch(() => {});
}

/**
 * Stops a client whose connect is still in progress: a stdio child that has not finished starting has nothing to
 * save, so it gets SIGTERM at once instead of the 2 s stdin grace of a clean close. Never throws.
 */
export async function abortClient(client: Client): Promise<void> {
  const transport = client.transport;
  const sdk = loadedMcpSdk(); // loaded: a client exists
  if (sdk && transport instanceof sdk.StdioClientTransport && transport.pid !== null) {
    try {
      process.kill(transport.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await client.close().catch(() => {});
}

/**
 * What Nanotray offers servers: elicitation, as a form (defaults are filled in from the schema, SEP-1034) and as a
 * link to open (URL mode). A server asks only what a client declared.
 */
const CLIENT_CAPABILITIES = { elicitation: { form: { applyDefaults: true }, url: {} } };

function newClient(sdk: McpSdk, options: OpenClientOptions): Client {
  const client = new sdk.Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES });
  options.prepare(client, sdk);
  return client;
}

/** Connects; the caller owns the returned client and closes it. Throws when the server cannot be reached. */
export async function openClient(config: McpServerConfig, options: OpenClientOptions): Promise<OpenedClient> {
  const sdk = await loadMcpSdk();
  if (!config.url) {
    const transport = new sdk.StdioClientTransport(options.stdio ?? stdioParameters(config, options.baseDir));
    const stderr = transport.stderr as Readable | null;
    let tail = '';
    stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      options.onStderr(tail);
    });
    const client = newClient(sdk, options);
    await client.connect(transport);
    return { client, kind: 'stdio' };
  }
  const url = new URL(config.url);
  // Config headers are added by `http.fetch` (to the server's own origin only), never sent to an authorization server.
  const http = options.http ? { fetch: options.http.fetch, authProvider: options.http.authProvider } : { requestInit: { headers: { ...config.headers } } };
  const client = newClient(sdk, options);
  try {
    await client.connect(new sdk.StreamableHTTPClientTransport(url, http));
    return { client, kind: 'http' };
  } catch (streamableError) {
    await client.close().catch(() => {});
    // A server that wants a sign-in wants it on either transport.
    if (options.http?.isAuthError(streamableError)) throw streamableError;
    if (options.signal?.aborted) throw streamableError;
    // Older servers speak the 2024-11-05 HTTP+SSE transport only.
    const sseClient = newClient(sdk, options);
    try {
      await sseClient.connect(new sdk.SSEClientTransport(url, http));
      return { client: sseClient, kind: 'sse' };
    } catch (sseError) {
      await sseClient.close().catch(() => {});
      if (options.http?.isAuthError(sseError)) throw sseError;
      throw new Error(`${errorMessage(streamableError)} (SSE fallback: ${errorMessage(sseError)})`);
    }
  }
}
