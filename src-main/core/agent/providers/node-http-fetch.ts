// A minimal `fetch` on node:http/https for the openai SDK. Node's built-in fetch (undici) costs ~14 MB of
// memory and its HTTP parser start-up on every CLI run; the SDK only needs request → streamed Response.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

type FetchInput = string | URL | { url: string };

function headerRecord(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, key) => (out[key] = value));
  } else if (Array.isArray(headers)) {
    for (const [key, value] of headers as [string, string][]) out[key.toLowerCase()] = value;
  } else {
    for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
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
  return Buffer.from(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
}

/** The response body as a web stream that errors (instead of hanging) when the connection drops midway. */
function webBody(res: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (err: unknown): void => {
        if (done) return;
        done = true;
        controller.error(err);
      };
      res.on('data', (chunk: Buffer) => {
        if (!done) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      res.once('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      // Like undici: a body that breaks off is a TypeError('terminated') with the socket error as cause.
      // An abort stays an AbortError, as with fetch.
      const terminated = (cause: unknown): void =>
        fail(cause instanceof Error && cause.name === 'AbortError' ? cause : Object.assign(new TypeError('terminated'), { cause }));
      res.once('error', terminated);
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

/** `fetch` semantics the SDK relies on: method, headers, body, AbortSignal, streamed response body. */
export async function nodeHttpFetch(input: FetchInput, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  const body = await bodyBytes(init.body);
  const headers = headerRecord(init.headers);
  if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    let response: IncomingMessage | undefined;
    const onAbort = (): void => {
      const err = abortError(signal!);
      req.destroy(err);
      response?.destroy(err);
      reject(err);
    };
    const req = send(url, { method: init.method ?? 'GET', headers }, (res) => {
      response = res;
      const status = res.statusCode ?? 500;
      const stream = NO_BODY_STATUS.has(status) || init.method === 'HEAD' ? null : webBody(res);
      if (!stream) res.resume();
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res.headers) }));
    });
    req.once('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(Object.assign(new TypeError('fetch failed'), { cause: err }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end(body);
  });
}
