// Watches the bytes of one model answer on their way to the openai SDK: every chunk is progress (SSE comments
// and keep-alives included, which the SDK swallows), what kind of body a 200 carries (SSE, one JSON document,
// or something else such as an HTML page), a copy of any body that is not SSE, and whether `data: [DONE]`
// came. The SDK parses the stream; the tap only lets the provider tell a slow server, a cut stream and a
// wrong base URL apart.

/** What the first bytes of a body look like. */
export type BodyKind = 'sse' | 'json' | 'other';

/** Bodies that are not SSE (error answers, HTML pages, whole JSON completions) are kept up to this size. */
export const MAX_KEPT_BODY = 1024 * 1024;

/** An SSE field at the start of the body (`data:`, `event:`, `id:`, `retry:` or a `:` comment). */
const SSE_START = /^(data|event|id|retry)?:/;
/** The end-of-stream line of chat completions; JSON text cannot hold a raw newline, so only framing matches. */
const DONE_LINE = /(^|\n)data: ?\[DONE\][ \t]*\r?(\n|$)/;
/** Enough of the previous chunk to find a `data: [DONE]` line cut across two chunks. */
const TAIL = 16;

export class ResponseTap {
  /** The HTTP status of the answer (undefined until headers arrived). */
  status: number | undefined;
  contentType = '';
  kind: BodyKind | undefined;
  /** The body as far as it was read, when it is not SSE (at most MAX_KEPT_BODY characters). */
  text = '';
  /** Whether the stream's `data: [DONE]` line arrived. */
  sawDone = false;
  /** Body bytes received. */
  bytes = 0;
  #tail = '';
  #head = '';
  #decoder = new TextDecoder();

  /** @param onProgress called for every chunk of body bytes (the stream watchdog's progress) */
  constructor(private readonly onProgress: () => void = () => undefined) {}

  /** The response arrived (status line and headers). */
  response(res: Response): void {
    this.status = res.status;
    this.contentType = res.headers.get('content-type') ?? '';
  }

  /** Bytes of the body arrived. */
  chunk(bytes: Uint8Array): void {
    this.bytes += bytes.byteLength;
    this.onProgress();
    const text = this.#decoder.decode(bytes, { stream: true });
    if (this.kind === undefined) {
      this.#head += text;
      const start = this.#head.trimStart();
      if (!start) return;
      this.kind = SSE_START.test(start) ? 'sse' : start.startsWith('{') ? 'json' : 'other';
      this.#read(this.#head);
      this.#head = '';
      return;
    }
    this.#read(text);
  }

  #read(text: string): void {
    if (this.kind === 'sse') {
      const window = this.#tail + text;
      if (!this.sawDone && DONE_LINE.test(window)) this.sawDone = true;
      this.#tail = window.slice(-TAIL);
    } else if (this.text.length < MAX_KEPT_BODY) {
      this.text = (this.text + text).slice(0, MAX_KEPT_BODY);
    }
  }

  /** Whitespace read before the kind was known (an empty or blank body). */
  get blank(): string {
    return this.#head;
  }
}

/**
 * A fetch whose answers pass through `tap`: same status, headers and body, every body chunk reported.
 * Errors and aborts of the body reach the reader unchanged.
 */
export function tappedFetch(inner: typeof fetch, tap: ResponseTap): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const res = await inner(input, init);
    tap.response(res);
    if (!res.body) return res;
    const watched = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(bytes, controller) {
          tap.chunk(bytes);
          controller.enqueue(bytes);
        },
      }),
    );
    return new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch; // called by the SDK with (url, init) only
}
