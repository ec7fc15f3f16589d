// `fetch` on the core's one HTTP client (http-request.ts), for code written against fetch: the model providers
// (streamed responses) and the web search providers (through tools.web.proxy, which Node's fetch cannot use).
// Node's built-in fetch (undici) would also cost ~14 MB of memory and its parser start-up on every CLI run.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { decodedBody, openHttpRequest, redirectLocation } from './http-request';

type FetchInput = string | URL | { url: string };

export interface HttpFetchOptions {
  /** `http://[user:pass@]host:port`: every request goes through it. */
  proxy?: string | null;
  /** Redirects followed like fetch's `redirect: 'follow'` (default 0: a 3xx answer is returned as it is). */
  maxRedirects?: number;
  /**
   * Follow a redirect only to the same origin (a redirect elsewhere is returned as it is): the request's headers
   * (an API key) and its query (the model's search text) then never reach a host the caller did not name.
   */
  sameOriginRedirects?: boolean;
  /** Bodies are cut (the stream simply ends) after this many decoded bytes (default: no limit). */
  maxBytes?: number;
}

/** A Headers object, ours or a look-alike (the SDK may bring its own). */
function isHeadersLike(value: object): value is Headers {
  return typeof Reflect.get(value, 'forEach') === 'function' && typeof Reflect.get(value, 'get') === 'function';
}

function headerRecord(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || typeof headers !== 'object') return out;
  if (isHeadersLike(headers)) {
    headers.forEach((value, key) => (out[key] = value));
  } else if (Array.isArray(headers)) {
    for (const entry of headers) if (Array.isArray(entry) && entry.length === 2) out[String(entry[0]).toLowerCase()] = String(entry[1]);
  } else {
    for (const [key, value] of Object.entries(headers)) {
      if (value !== undefined && value !== null) out[key.toLowerCase()] = String(value);
    }
  }
  return out;
}

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const err = new Error('This operation was aborted');
  err.name = 'AbortError';
  return err;
}

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  // FormData, Blob, streams: let the platform encode them.
  return Buffer.from(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer()); // Response accepts every BodyInit
}

/**
 * The decoded body as a web stream that errors (instead of hanging) when the connection drops midway, and
 * ends after `maxBytes`.
 */
function webBody(res: IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  let done = false;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (err: unknown): void => {
        if (done) return;
        done = true;
        controller.error(err);
      };
      const decoded = decodedBody(res);
      decoded.on('data', (chunk: Buffer) => {
        if (done) return;
        const room = maxBytes - size;
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        size += part.length;
        controller.enqueue(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
        if (size >= maxBytes) {
          done = true;
          controller.close();
          res.destroy();
        }
      });
      decoded.once('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      // Like undici: a body that breaks off is a TypeError('terminated') with the socket error as cause.
      // An abort stays an AbortError, as with fetch.
      const terminated = (cause: unknown): void =>
        fail(cause instanceof Error && cause.name === 'AbortError' ? cause : Object.assign(new TypeError('terminated'), { cause }));
      res.once('error', terminated);
      if (decoded !== res) decoded.once('error', terminated);
      res.once('close', () => {
        if (!res.complete) terminated(new Error('the connection closed before the response ended'));
      });
    },
    cancel() {
      done = true;
      res.destroy();
    },
  });
}

const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The method and body of the next hop of a redirect, as fetch does it (303, and POST on 301/302, become GET). */
function afterRedirect(status: number, method: string, body: Buffer | undefined): { method: string; body: Buffer | undefined } {
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) return { method: 'GET', body: undefined };
  return { method, body };
}

/** A `fetch` with the semantics its callers rely on: method, headers, body, AbortSignal, streamed response body. */
export function createHttpFetch(options: HttpFetchOptions = {}): typeof fetch {
  const maxRedirects = options.maxRedirects ?? 0;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  async function httpFetch(input: FetchInput, init: RequestInit = {}): Promise<Response> {
    let url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    const headers = headerRecord(init.headers);
    let method = init.method ?? 'GET';
    let body = await bodyBytes(init.body);
    for (let hop = 0; ; hop++) {
      let res: IncomingMessage;
      try {
        res = await openHttpRequest(url, { method, headers, ...(body ? { body } : {}), ...(signal ? { signal } : {}), ...(options.proxy ? { proxy: options.proxy } : {}) });
      } catch (err) {
        if (signal?.aborted) throw abortError(signal);
        throw Object.assign(new TypeError('fetch failed'), { cause: err });
      }
      const location = redirectLocation(res);
      const status = res.statusCode ?? 500;
      const next = location === undefined ? undefined : new URL(location, url);
      if (next && hop < maxRedirects && (!options.sameOriginRedirects || next.origin === url.origin)) {
        res.resume();
        url = next;
        ({ method, body } = afterRedirect(status, method, body));
        continue;
      }
      const onAbort = (): void => void res.destroy(abortError(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      const stream = NO_BODY_STATUS.has(status) || method === 'HEAD' ? null : webBody(res, maxBytes);
      if (!stream) res.resume();
      return new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res.headers) });
    }
  }
  return httpFetch as typeof fetch; // a subset of fetch: what the model providers and the search providers use
}
