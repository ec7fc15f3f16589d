// One streaming chat-completions request on core/net's HTTP client: the status and error object of a refusal,
// SSE parsed with eventsource-parser (comments are progress, `[DONE]` and `finish_reason` tell a whole answer
// from a cut one), an error object inside the stream classified like its status, a whole JSON completion
// accepted from servers that ignore `stream`, and anything else (an HTML page) named for what it is.
import { createParser } from 'eventsource-parser';
import type { LlmResponse } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { StreamAccumulator, type AccumulatorSink } from './stream-accumulator';
import { StreamWatchdog, type StreamTimeouts } from './stream-watchdog';
import {
  brokenStreamError,
  cancelledError,
  connectError,
  cutStreamError,
  fromHttpStatus,
  fromStreamError,
  serverErrorBody,
  type ClassifiedError,
  type ErrorContext,
} from './provider-errors';

export interface AttemptInput {
  fetch: typeof fetch;
  url: URL;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  timeouts: StreamTimeouts;
  signal?: AbortSignal;
  ctx: ErrorContext;
  sink: AccumulatorSink;
}

/** A failed attempt, and whether the user already saw part of it (then it is not repeated automatically). */
export interface AttemptError {
  error: ClassifiedError;
  visible: boolean;
}

const MAX_ERROR_BODY = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function timeoutError(phase: 'first_byte' | 'idle', input: AttemptInput): ClassifiedError {
  const p = input.ctx.providerName;
  const where = input.ctx.baseUrl ? ` at ${input.ctx.baseUrl}` : '';
  return phase === 'first_byte'
    ? { kind: 'timeout', transient: true, message: `The provider '${p}'${where} sent nothing for ${input.timeouts.firstByteMs / 1000} s after the request (providers.${p}.timeouts.firstByte).` }
    : { kind: 'timeout', transient: true, message: `The provider '${p}' stopped sending for ${input.timeouts.idleMs / 1000} s in the middle of the answer (providers.${p}.timeouts.idle).` };
}

/** A 200 whose body is not a chat completion: which base URL, and what came back instead. */
function notACompletion(input: AttemptInput, contentType: string, text: string): ClassifiedError {
  const p = input.ctx.providerName;
  const what = text.trim() ? `${contentType || 'no content type'}: "${text.replace(/\s+/g, ' ').trim().slice(0, 80)}"` : 'an empty body';
  return {
    kind: 'bad_response',
    transient: false,
    status: 200,
    message:
      `The provider '${p}' at ${input.ctx.baseUrl ?? 'its default URL'} answered 200 with ${what}, which is not a chat completion. ` +
      `Check providers.${p}.baseUrl (for OpenAI-compatible servers it usually ends in /v1).`,
  };
}

/** Reads a body to its end (for error answers and non-streamed completions), keeping at most `max` bytes. */
async function readText(reader: ReadableStreamDefaultReader<Uint8Array>, first: string, onBytes: () => void, max: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = first;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onBytes();
    text += decoder.decode(value, { stream: true });
    if (text.length > max) break;
  }
  return text + decoder.decode();
}

/** Sends the request and reads the answer to its end; never throws. */
export async function runChatAttempt(input: AttemptInput): Promise<Result<LlmResponse, AttemptError>> {
  const controller = new AbortController();
  const watchdog = new StreamWatchdog(input.timeouts, () => controller.abort());
  const signal = input.signal ? AbortSignal.any([input.signal, controller.signal]) : controller.signal;
  const acc = new StreamAccumulator(input.sink);
  const fail = (error: ClassifiedError): Result<LlmResponse, AttemptError> => errResult({ error, visible: acc.visible });
  const stopped = (): ClassifiedError | undefined =>
    input.signal?.aborted ? cancelledError() : watchdog.fired ? timeoutError(watchdog.fired, input) : undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    let res: Response;
    try {
      res = await input.fetch(input.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', ...input.headers },
        body: JSON.stringify(input.body),
        signal,
      });
    } catch (err) {
      return fail(stopped() ?? connectError(err, input.ctx));
    }
    if (!res.body) return fail(notACompletion(input, res.headers.get('content-type') ?? '', ''));
    reader = res.body.getReader();
    if (!res.ok) {
      const text = await readText(reader, '', () => watchdog.progress(), MAX_ERROR_BODY);
      return fail(fromHttpStatus(res.status, serverErrorBody(parseJson(text)), res.headers, input.ctx));
    }
    return await readAnswer(reader, res, input, acc, watchdog, fail);
  } catch {
    // A read failed: the user's Stop, one of our timeouts, or the connection broke.
    return fail(stopped() ?? brokenStreamError(input.ctx, acc.chunks > 0));
  } finally {
    watchdog.stop();
    void reader?.cancel().catch(() => undefined);
  }
}

/** Reads a 200 answer: sniffs SSE vs JSON vs anything else from its first bytes, then parses it. */
async function readAnswer(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  res: Response,
  input: AttemptInput,
  acc: StreamAccumulator,
  watchdog: StreamWatchdog,
  fail: (error: ClassifiedError) => Result<LlmResponse, AttemptError>,
): Promise<Result<LlmResponse, AttemptError>> {
  const decoder = new TextDecoder();
  let streamError: ClassifiedError | undefined;
  let sawDone = false;
  const parser = createParser({
    onEvent(event) {
      if (streamError) return;
      if (event.data.trim() === '[DONE]') {
        sawDone = true;
        return;
      }
      const json = parseJson(event.data);
      const error = serverErrorBody(json);
      if (error || event.event === 'error') streamError = fromStreamError(error ?? { message: event.data }, input.ctx);
      else acc.add(json);
    },
  });
  let head = '';
  let kind: 'sse' | 'json' | 'other' | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    watchdog.progress();
    const text = decoder.decode(value, { stream: true });
    if (kind === undefined) {
      head += text;
      const start = head.trimStart();
      if (!start) continue;
      kind = /^(data|event|id|retry)?:/.test(start) ? 'sse' : start.startsWith('{') ? 'json' : 'other';
      if (kind !== 'sse') break;
      parser.feed(head);
    } else {
      parser.feed(text);
    }
    if (streamError) break;
  }
  if (kind === 'json' || kind === 'other') {
    const text = await readText(reader, head, () => watchdog.progress(), MAX_ERROR_BODY * 16);
    const json = kind === 'json' ? parseJson(text) : undefined;
    const error = serverErrorBody(json);
    if (error) return fail(fromStreamError(error, input.ctx));
    if (json && Array.isArray((json as { choices?: unknown }).choices)) {
      acc.add(json); // a server that ignored stream: true
      acc.end();
      return okResult(acc.response());
    }
    return fail(notACompletion(input, res.headers.get('content-type') ?? '', text));
  }
  if (streamError) return fail(streamError);
  if (kind === undefined) return fail(notACompletion(input, res.headers.get('content-type') ?? '', head));
  parser.reset({ consume: true });
  acc.end();
  if (streamError) return fail(streamError);
  // Neither a finish_reason nor [DONE]: the stream was cut, whatever it held so far is not the whole answer.
  if (!acc.finish && !sawDone) return fail(cutStreamError(input.ctx));
  return okResult(acc.response());
}
