// HTTP(S) GET through the URL guard: every resolved address is checked at connection time, redirects are followed
// by hand (at most 5, each hop checked again), bodies are size-capped and decompressed.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { errResult, okResult, type Result } from '../../lib/result';
import {
  blockedAddressError,
  blockedAddressKind,
  checkHostLiteral,
  isAllowedPrivateHost,
  parseFetchUrl,
} from './url-guard';

export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 30_000;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
const USER_AGENT = 'Mozilla/5.0 (compatible; Nanotray/0.1; +https://github.com/nanotray)';

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

function decoded(res: IncomingMessage): NodeJS.ReadableStream {
  switch ((res.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
  cut: boolean;
}

function requestOnce(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<Hop> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5', 'accept-encoding': 'gzip, deflate, br' },
        lookup: guardedLookup(url, options),
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0), cut: false });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let cut = false;
        const stream = decoded(res);
        stream.on('data', (chunk: Buffer) => {
          if (cut) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size > maxBytes) {
            cut = true;
            res.destroy();
            resolve({ status, contentType, body: Buffer.concat(chunks).subarray(0, maxBytes), cut });
          }
        });
        stream.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks), cut }));
        stream.on('error', (err) => (cut ? undefined : reject(err)));
      },
    );
    req.on('error', reject);
    req.end();
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
    let response: Hop;
    try {
      response = await requestOnce(url, options, signal);
    } catch (err) {
      if (err instanceof GuardRefusal) return errResult(err.message);
      if (timeout.aborted) return errResult(`Error: Timed out after ${timeoutMs / 1000} seconds fetching ${url.href}`);
      if (options.signal?.aborted) return errResult('Error: web_fetch was cancelled');
      return errResult(`Error: Could not fetch ${url.href}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (response.location === undefined) {
      return okResult({ finalUrl: url.href, status: response.status, contentType: response.contentType, body: response.body, cut: response.cut });
    }
    current = new URL(response.location, url).href;
  }
  return errResult(`Error: Too many redirects (more than ${MAX_REDIRECTS}) fetching ${rawUrl}`);
}
