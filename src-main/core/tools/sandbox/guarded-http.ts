// HTTP(S) GET through the URL guard: every resolved address is checked at connection time (before the request when
// a proxy resolves names), redirects are followed by hand (at most 5, each hop checked again).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { errResult, okResult, type Result } from '../../lib/result';
import {
  blockedAddressError,
  blockedAddressKind,
  checkHostLiteral,
  isAllowedPrivateHost,
  parseFetchUrl,
} from './url-guard';
import { MAX_BODY_BYTES, sendHttpRequest, type HttpResponse } from './http-client';

export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 30_000;
const USER_AGENT = 'Mozilla/5.0 (compatible; Nanotray/0.1; +https://github.com/nanotray)';
const ACCEPT = 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5';

/** `dns.lookup` with `{ all: true }`, injectable so tests can map names to addresses. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    const options: LookupAllOptions = { all: true };
    dnsLookup(hostname, options, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

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
}

export interface FetchedResponse {
  finalUrl: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at maxBytes. */
  cut: boolean;
}

class GuardRefusal extends Error {}

/** A socket `lookup` that resolves every address of the host and refuses if any is private (unless allowed). */
function guardedLookup(url: URL, options: GuardedFetchOptions): LookupFunction {
  const resolveAll = options.resolveAll ?? systemResolveAll;
  return (hostname, lookupOptions, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        if (!isAllowedPrivateHost(url.hostname, options.allowPrivateHosts)) {
          for (const a of addresses) {
            const kind = blockedAddressKind(a.address);
            if (kind) {
              callback(new GuardRefusal(blockedAddressError(url.href, a.address, kind)), '', 4);
              return;
            }
          }
        }
        const first = addresses[0];
        if (!first) {
          callback(new Error(`no address for ${hostname}`), '', 4);
          return;
        }
        if (lookupOptions.all) callback(null, addresses as never, 4); // net asks for all addresses with `all: true`
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    );
  };
}

/** Through a proxy the proxy resolves names, so the guard resolves them first and refuses private answers. */
async function checkResolvedForProxy(url: URL, options: GuardedFetchOptions): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || isAllowedPrivateHost(host, options.allowPrivateHosts)) return undefined;
  const addresses = await (options.resolveAll ?? systemResolveAll)(host);
  for (const a of addresses) {
    const kind = blockedAddressKind(a.address);
    if (kind) return blockedAddressError(url.href, a.address, kind);
  }
  return undefined;
}

function requestOnce(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<HttpResponse> {
  return sendHttpRequest(url, {
    headers: { 'user-agent': USER_AGENT, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' },
    signal,
    maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
    ...(options.proxy ? { proxy: options.proxy } : { lookup: guardedLookup(url, options) }),
  });
}

/**
 * GETs `rawUrl` through the guard. Refusals, timeouts and network failures come back as model-facing errors.
 */
export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions): Promise<Result<FetchedResponse>> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let current = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const parsed = parseFetchUrl(current);
    if (!parsed.ok) return parsed;
    const url = parsed.value;
    const literal = checkHostLiteral(url, options.allowPrivateHosts);
    if (!literal.ok) return literal;
    let response: HttpResponse;
    try {
      if (options.proxy) {
        const refused = await checkResolvedForProxy(url, options);
        if (refused) return errResult(refused);
      }
      response = await requestOnce(url, options, signal);
    } catch (err) {
      if (err instanceof GuardRefusal) return errResult(err.message);
      if (timeout.aborted) return errResult(`Error: Timed out after ${timeoutMs / 1000} seconds fetching ${url.href}`);
      if (options.signal?.aborted) return errResult('Error: web_fetch was cancelled');
      return errResult(`Error: Could not fetch ${url.href}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (response.location === undefined) {
      const contentType = String(response.headers['content-type'] ?? '');
      return okResult({ finalUrl: url.href, status: response.status, contentType, body: response.body, cut: response.cut });
    }
    const next = new URL(response.location, url);
    const refused = options.beforeRedirect?.(url, next);
    if (refused) return errResult(refused);
    current = next.href;
  }
  return errResult(`Error: Too many redirects (more than ${MAX_REDIRECTS}) fetching ${rawUrl}`);
}
