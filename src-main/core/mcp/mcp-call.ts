// One request to a connected MCP server with a progressToken: progress restarts the idle timeout (up to a hard
// maximum), the user's own wait (an elicitation) pauses it, and the outcome says what happened as a value.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../lib/clock';
import { errorMessage } from '../lib/result';
import { CallDeadline, type DeadlineReason } from './call-deadline';
import { loadedMcpSdk, loadMcpSdk } from './mcp-sdk-loader';

/**
 * The SDK's own timer stays out of the way (setTimeout's maximum, ~24.8 days): the deadline on the core's clock
 * decides, and aborts the request (the SDK then sends notifications/cancelled).
 */
const SDK_TIMER_OFF_MS = 2 ** 31 - 1;

/** How a request ended. `rejected`: the server answered with a JSON-RPC error (it is alive; the request was wrong). */
export type RequestOutcome<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'rejected'; code: number; message: string; data?: unknown }
  | { kind: 'cancelled' }
  | { kind: 'timed_out'; reason: DeadlineReason }
  | { kind: 'broken'; message: string; error: unknown };

export interface RequestLimits {
  clock: Clock;
  /** Without progress for this long, the request is given up. */
  idleMs: number;
  /** Never longer than this in all (time spent waiting for the user does not count). */
  maxMs: number;
  /** The caller's cancel (Stop, the turn ended). */
  signal: AbortSignal;
  /** Each progress notification of this request (already sent through the deadline). */
  onProgress?(progress: Progress): void;
  /** Receives the pause of this request's deadline (for elicitations while it runs); returns its disposer. */
  onStart?(pause: () => () => void): () => void;
}

/** Runs `send` (an SDK call given the request options) under the limits; never throws. */
export async function runRequest<T>(send: (options: RequestOptions) => Promise<T>, limits: RequestLimits): Promise<RequestOutcome<T>> {
  const controller = new AbortController();
  const deadline = new CallDeadline(limits.clock, limits.idleMs, limits.maxMs, () => controller.abort());
  const onAbort = (): void => controller.abort();
  if (limits.signal.aborted) controller.abort();
  limits.signal.addEventListener('abort', onAbort);
  const unregister = limits.onStart?.(() => deadline.pause());
  try {
    const value = await send({
      signal: controller.signal,
      timeout: SDK_TIMER_OFF_MS,
      onprogress: (progress) => {
        deadline.touch();
        limits.onProgress?.(progress);
      },
    });
    return { kind: 'answered', value };
  } catch (err) {
    if (deadline.expired) return { kind: 'timed_out', reason: deadline.expired };
    if (limits.signal.aborted) return { kind: 'cancelled' };
    const { McpError, ErrorCode } = loadedMcpSdk() ?? (await loadMcpSdk());
    if (err instanceof McpError && err.code !== ErrorCode.ConnectionClosed && err.code !== ErrorCode.RequestTimeout) {
      return { kind: 'rejected', code: err.code, message: err.message, ...(err.data !== undefined ? { data: err.data } : {}) };
    }
    return { kind: 'broken', message: errorMessage(err), error: err };
  } finally {
    deadline.dispose();
    unregister?.();
    limits.signal.removeEventListener('abort', onAbort);
  }
}

/** How long a liveness ping after a timeout may take. */
export const PING_TIMEOUT_MS = 5_000;

/**
 * After a timeout: does the server still answer? A slow tool on a healthy server is no reason to open the breaker
 * or reconnect; a server that no longer answers a ping is. A server that rejects ping (an old one without it)
 * still answered.
 */
export async function isAlive(client: Client, clock: Clock): Promise<boolean> {
  const outcome = await runRequest((options) => client.ping(options), {
    clock,
    idleMs: PING_TIMEOUT_MS,
    maxMs: PING_TIMEOUT_MS,
    signal: new AbortController().signal,
  });
  return outcome.kind === 'answered' || outcome.kind === 'rejected';
}
