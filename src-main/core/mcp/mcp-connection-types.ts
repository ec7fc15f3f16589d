// The shapes around one MCP connection: what it needs, its snapshot, how a request to its server ended.
import type { Clock } from '../lib/clock';
import type { RequestLimits } from './mcp-call';
import type { McpSandboxStatus, McpServerState, McpTransportKind } from './mcp-types';
import type { McpSandboxHost } from './sandbox/stdio-launch';
import type { OAuthStore } from './oauth/oauth-store';
import type { McpAuthStatus } from './oauth/server-auth';
import type { ElicitationService } from './elicitation/elicitation-service';

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
  /** The OS sandbox for servers with `sandbox: true` (without it they are not started). */
  sandbox?: McpSandboxHost;
}

export interface ConnectionSnapshot {
  state: McpServerState;
  transport: McpTransportKind;
  consecutiveFailures: number;
  /** The last error; kept until the next success. */
  error?: string;
  retryAt?: number;
  /** HTTP servers: the sign-in side (signed in, what scope the server wants). */
  auth?: McpAuthStatus;
  /** stdio servers: whether they run in the OS sandbox. */
  sandbox?: McpSandboxStatus;
}

/** How a request to the server ended; `unavailable`: not sent (not connected, paused, waiting for a sign-in) or the connection broke. */
export type ServerReply<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'rejected'; code: number; message: string; data?: unknown }
  | { kind: 'cancelled' }
  | { kind: 'timed_out'; limit: string }
  /** `signIn`: the server refused this request for want of a (new) sign-in (a 401, or a 403 asking for more scope). */
  | { kind: 'unavailable'; message: string; signIn?: true };

export interface ServerRequestOptions extends Pick<RequestLimits, 'signal' | 'onProgress' | 'onStart'> {
  /** The request in messages: `tool 'x'`, `resource 'note://a'`. */
  what: string;
}
