// web_fetch's GET on the core's HTTP client with its SSRF guard on: every resolved address is checked at connection
// time (before the request when a proxy resolves names), redirects are followed by hand (at most 5, each hop checked
// again and offered to beforeRedirect).
import type { IncomingMessage } from 'node:http';
import { errResult, okResult, type Result } from '../../lib/result';
import { toolError, type ToolError } from '../../lib/tool-error';
import {
  GuardRefusal,
  openHttpRequest,
  readHttpBody,
  redirectLocation,
  type AddressGuard,
  type ResolveAll,
} from '../../net/http-request';
import { blockedAddressError, blockedAddressKind, checkHostLiteral, isAllowedPrivateHost, parseFetchUrl } from './url-guard';

export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 30_000;
const USER_AGENT = 'Mozilla/5.0 (compatible; Nanotray/0.1; +https://github.com/nanotray)';
const ACCEPT = 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5';

/** Bodies are read up to this size (web_fetch says when a page was cut). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface GuardedFetchOptions {
  allowPrivateHosts: readonly string[];
  signal?: AbortSignal;
  timeoutMs?: number;
  resolveAll?: ResolveAll;
  maxBytes?: number;
  /** tools.web.proxy: requests go through it (names are then checked by resolving them here first). */
  proxy?: string | null;
  /**
   * Asked before each redirect is followed: a model-facing refusal stops there (e.g. a hop to a host the user
   * has not approved); undefined follows it.
   */
  beforeRedirect?(from: URL, to: URL): string | undefined;
  /** Told of every request of the chain once it is over (the egress ledger records each hop). */
  onHop?(hop: FetchHop): void;
}

/**
 * One request of the chain: the bytes its socket wrote and read (headers included; the decoded body when the socket
 * cannot say), or `refused: 'address'` when the SSRF guard stopped it before anything was sent.
 */
export interface FetchHop {
  url: URL;
  bytesOut: number;
  bytesIn: number;
  refused?: 'address';
}

export interface FetchedResponse {
  finalUrl: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at maxBytes. */
  cut: boolean;
}

/**
 * The SSRF guard for one hop: private, loopback, link-local and metadata addresses are refused, unless the host
 * is in allowPrivateHosts. An allowed host still resolves through `resolveAll` when connecting directly; through
 * a proxy it is left to the proxy, as there is nothing to check.
 */
function addressGuard(url: URL, options: GuardedFetchOptions): AddressGuard | undefined {
  const allowed = isAllowedPrivateHost(url.hostname, options.allowPrivateHosts);
  if (allowed && options.proxy) return undefined;
  return {
    ...(options.resolveAll ? { resolveAll: options.resolveAll } : {}),
    refusal(address) {
      const kind = allowed ? undefined : blockedAddressKind(address);
      return kind ? blockedAddressError(url.href, address, kind) : undefined;
    },
  };
}

type Hop = ({ location: string } | { location?: undefined; status: number; contentType: string; body: Buffer; cut: boolean }) & {
  bytesOut: number;
  bytesIn: number;
};

/** What the response's socket wrote and read so far (a fresh socket per guarded request), at least `minIn` read. */
function socketBytes(res: IncomingMessage, minIn: number): { bytesOut: number; bytesIn: number } {
  const socket = res.socket as { bytesWritten?: number; bytesRead?: number } | null;
  return { bytesOut: socket?.bytesWritten ?? 0, bytesIn: Math.max(socket?.bytesRead ?? 0, minIn) };
}

/** One request of the redirect chain: a redirect's Location, or the answer with its (capped) body. */
async function requestOnce(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<Hop> {
  const guard = addressGuard(url, options);
  const res = await openHttpRequest(url, {
    headers: { 'user-agent': USER_AGENT, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' },
    signal,
    ...(options.proxy ? { proxy: options.proxy } : {}),
    ...(guard ? { guard } : {}),
  });
  const location = redirectLocation(res);
  if (location !== undefined) {
    res.resume();
    return { location, ...socketBytes(res, 0) };
  }
  const { body, cut } = await readHttpBody(res, options.maxBytes ?? MAX_BODY_BYTES);
  return { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body, cut, ...socketBytes(res, body.length) };
}

/**
 * GETs `rawUrl` through the guard. Refusals, timeouts and network failures come back as model-facing errors.
 */
export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions): Promise<Result<FetchedResponse, ToolError>> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let current = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const parsed = parseFetchUrl(current);
    if (!parsed.ok) return parsed;
    const url = parsed.value;
    const literal = checkHostLiteral(url, options.allowPrivateHosts);
    if (!literal.ok) {
      options.onHop?.({ url, bytesOut: 0, bytesIn: 0, refused: 'address' });
      return literal;
    }
    let response: Hop;
    try {
      response = await requestOnce(url, options, signal);
    } catch (err) {
      const refused = err instanceof GuardRefusal;
      options.onHop?.({ url, bytesOut: 0, bytesIn: 0, ...(refused ? { refused: 'address' as const } : {}) });
      if (refused) return errResult(toolError('refused', err.message));
      if (timeout.aborted) return errResult(toolError('timeout', `Error: Timed out after ${timeoutMs / 1000} seconds fetching ${url.href}`));
      if (options.signal?.aborted) return errResult(toolError('cancelled', 'Error: web_fetch was cancelled'));
      return errResult(toolError('failed', `Error: Could not fetch ${url.href}: ${err instanceof Error ? err.message : String(err)}`));
    }
    options.onHop?.({ url, bytesOut: response.bytesOut, bytesIn: response.bytesIn });
    if (response.location === undefined) {
      const { status, contentType, body, cut } = response;
      return okResult({ finalUrl: url.href, status, contentType, body, cut });
    }
    const next = new URL(response.location, url);
    const refused = options.beforeRedirect?.(url, next);
    if (refused) return errResult(toolError('refused', refused));
    current = next.href;
  }
  return errResult(toolError('failed', `Error: Too many redirects (more than ${MAX_REDIRECTS}) fetching ${rawUrl}`));
}
