// The one HTTP(S) client of the core, on node:http/https: one request, directly or through an http:// proxy
// (CONNECT for https), with an optional SSRF guard that checks every address a name resolves to at connect time.
// Callers read the streamed response (http-fetch.ts for `fetch` users) or a capped, decompressed body.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** `dns.lookup` with `{ all: true }`, injectable so tests can map names to addresses. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    const options: LookupAllOptions = { all: true };
    dnsLookup(hostname, options, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/**
 * The SSRF guard as an option: `refusal(address)` says why an address must not be contacted (undefined: allowed).
 * Direct connections resolve through it when the socket connects, so DNS cannot answer differently between
 * the check and the connection; through a proxy (which resolves names itself) names are resolved and checked
 * here first.
 */
export interface AddressGuard {
  resolveAll?: ResolveAll;
  refusal(address: string): string | undefined;
}

/** The guard refused an address; `message` is its refusal. */
export class GuardRefusal extends Error {}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** `http://[user:pass@]host:port` (tools.web.proxy). */
  proxy?: string | null;
  guard?: AddressGuard;
}

/** A socket `lookup` that resolves every address of the host and fails with a GuardRefusal if any is refused. */
function guardedLookup(guard: AddressGuard): LookupFunction {
  const resolveAll = guard.resolveAll ?? systemResolveAll;
  return (hostname, lookupOptions, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        for (const a of addresses) {
          const refused = guard.refusal(a.address);
          if (refused) {
            callback(new GuardRefusal(refused), '', 4);
            return;
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

/** Through a proxy the proxy resolves names: resolve them here first and throw the guard's refusal, if any. */
async function checkBeforeProxy(url: URL, guard: AddressGuard): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) !== 0 ? [{ address: host }] : await (guard.resolveAll ?? systemResolveAll)(host);
  for (const a of addresses) {
    const refused = guard.refusal(a.address);
    if (refused) throw new GuardRefusal(refused);
  }
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/**
 * Sends one request and resolves with the response head (the body still streaming). Redirects are not
 * followed. Rejects with a GuardRefusal when the guard refuses, or with the network error.
 */
export async function openHttpRequest(url: URL, options: HttpRequestOptions = {}): Promise<IncomingMessage> {
  const method = options.method ?? 'GET';
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  const signal = options.signal ? { signal: options.signal } : {};
  if (options.proxy && options.guard) await checkBeforeProxy(url, options.guard);
  return new Promise((resolve, reject) => {
    const send = (request: typeof httpRequest, extra: RequestOptions): void => {
      const req = request(url, { method, headers, ...signal, ...extra }, resolve);
      req.on('error', reject);
      req.end(options.body);
    };
    if (!options.proxy) {
      // With a guard, no pooled keep-alive socket: every request resolves and is checked anew.
      send(url.protocol === 'https:' ? httpsRequest : httpRequest, options.guard ? { lookup: guardedLookup(options.guard), agent: false } : {});
      return;
    }
    let proxy: URL;
    try {
      proxy = new URL(options.proxy);
    } catch {
      reject(new Error('tools.web.proxy is not a valid URL'));
      return;
    }
    const proxyTarget = { host: proxy.hostname.replace(/^\[|\]$/g, ''), port: Number(proxy.port) || 80 };
    if (url.protocol === 'http:') {
      // Plain HTTP through a proxy: the absolute URL is the request path.
      const req = httpRequest(
        { ...proxyTarget, method, path: url.href, headers: { ...headers, host: url.host, ...proxyAuthorization(proxy) }, ...signal },
        resolve,
      );
      req.on('error', reject);
      req.end(options.body);
      return;
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const authority = `${url.hostname}:${url.port || 443}`;
    const connect = httpRequest({
      ...proxyTarget,
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(proxy) },
      ...signal,
    });
    connect.on('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        reject(new Error(`the proxy refused to connect to ${authority} (HTTP ${res.statusCode})`));
        return;
      }
      const tls = tlsConnect({ socket, ...(isIP(hostname) ? {} : { servername: hostname }) });
      send(httpsRequest, { createConnection: () => tls });
    });
    connect.on('error', reject);
    connect.end();
  });
}

/** The response body decoded by its content-encoding (gzip, deflate, br), as a stream. */
export function decodedBody(res: IncomingMessage): NodeJS.ReadableStream {
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

/** Reads the decoded body, keeping at most `maxBytes` (then the connection is closed and `cut` is true). */
export function readHttpBody(res: IncomingMessage, maxBytes: number): Promise<{ body: Buffer; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    const stream = decodedBody(res);
    stream.on('data', (chunk: Buffer) => {
      if (cut) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        cut = true;
        res.destroy();
        resolve({ body: Buffer.concat(chunks).subarray(0, maxBytes), cut });
      }
    });
    stream.on('end', () => resolve({ body: Buffer.concat(chunks), cut }));
    stream.on('error', (err) => (cut ? undefined : reject(err)));
  });
}

/** The Location of a 3xx answer (a redirect the caller may follow), else undefined. */
export function redirectLocation(res: IncomingMessage): string | undefined {
  const status = res.statusCode ?? 0;
  return status >= 300 && status < 400 && res.headers.location ? res.headers.location : undefined;
}
