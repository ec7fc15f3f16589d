// One HTTP(S) request with a size cap and decompression, directly or through an http:// proxy (CONNECT for https).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** Custom DNS for direct connections (the SSRF guard); not used through a proxy, which resolves itself. */
  lookup?: LookupFunction;
  /** `http://[user:pass@]host:port` (tools.web.proxy). */
  proxy?: string | null;
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Set for 3xx answers with a Location (the body is then empty: redirects are followed by the caller). */
  location?: string;
  body: Buffer;
  /** True when the body was cut at maxBytes. */
  cut: boolean;
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

function readResponse(res: IncomingMessage, maxBytes: number, resolve: (r: HttpResponse) => void, reject: (e: Error) => void): void {
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (status >= 300 && status < 400 && location) {
    res.resume();
    resolve({ status, headers: res.headers, location, body: Buffer.alloc(0), cut: false });
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
      resolve({ status, headers: res.headers, body: Buffer.concat(chunks).subarray(0, maxBytes), cut });
    }
  });
  stream.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks), cut }));
  stream.on('error', (err) => (cut ? undefined : reject(err)));
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** Sends one request and reads the (capped, decompressed) answer. Redirects are returned, not followed. */
export function sendHttpRequest(url: URL, options: HttpRequestOptions = {}): Promise<HttpResponse> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const method = options.method ?? 'GET';
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const onResponse = (res: IncomingMessage): void => readResponse(res, maxBytes, resolve, reject);
    const send = (request: typeof httpRequest, extra: RequestOptions): void => {
      const req = request(url, { method, headers, ...(options.signal ? { signal: options.signal } : {}), ...extra }, onResponse);
      req.on('error', reject);
      req.end(options.body);
    };
    if (!options.proxy) {
      send(url.protocol === 'https:' ? httpsRequest : httpRequest, options.lookup ? { lookup: options.lookup } : {});
      return;
    }
    let proxy: URL;
    try {
      proxy = new URL(options.proxy);
    } catch {
      reject(new Error(`tools.web.proxy is not a valid URL`));
      return;
    }
    const proxyTarget = { host: proxy.hostname.replace(/^\[|\]$/g, ''), port: Number(proxy.port) || 80 };
    if (url.protocol === 'http:') {
      // Plain HTTP through a proxy: the absolute URL is the request path.
      const req = httpRequest(
        { ...proxyTarget, method, path: url.href, headers: { ...headers, host: url.host, ...proxyAuthorization(proxy) }, ...(options.signal ? { signal: options.signal } : {}) },
        onResponse,
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
      ...(options.signal ? { signal: options.signal } : {}),
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

/** A `fetch` for the search providers that goes through the proxy (Node's own fetch cannot use one). */
export function proxiedFetch(proxy: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    for (let hop = 0; hop <= 5; hop++) {
      const res = await sendHttpRequest(url, {
        method: init?.method ?? 'GET',
        headers,
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
        proxy,
      });
      if (res.location === undefined) {
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') responseHeaders.set(k, v);
        return new Response(res.body.length ? new Uint8Array(res.body) : null, { status: res.status, headers: responseHeaders });
      }
      url = new URL(res.location, url);
    }
    throw new Error('too many redirects');
  }) as typeof fetch;
}
