// One streaming chat-completions request through the openai SDK: its raw chunks go into our accumulator,
// a ResponseTap on the SDK's fetch feeds the first-byte and idle watchdog (SSE comments are progress) and
// tells a whole answer (`finish_reason` or `[DONE]`) from a cut one, a whole JSON completion from a server
// that ignores `stream` is accepted, and anything else (an HTML page) is named for what it is.
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { LlmResponse } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { StreamAccumulator, type AccumulatorSink } from './stream-accumulator';
import { StreamWatchdog, type StreamTimeouts } from './stream-watchdog';
import { cancelledError, cutStreamError, fromStreamError, serverErrorBody, type ClassifiedError, type ErrorContext } from './provider-errors';
import { ResponseTap, tappedFetch } from './response-tap';
import { fromSdkError, notACompletionError, type ErrorPhase } from './sdk-errors';

export interface AttemptInput {
  /** A client whose requests go through the given fetch (the attempt's tap). */
  client(fetch: typeof globalThis.fetch): OpenAI;
  /** The transport under the tap (the core's HTTP client). */
  fetch: typeof globalThis.fetch;
  body: ChatCompletionCreateParamsStreaming;
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

/** Sends the request and reads the answer to its end; never throws. */
export async function runChatAttempt(input: AttemptInput): Promise<Result<LlmResponse, AttemptError>> {
  const controller = new AbortController();
  const watchdog = new StreamWatchdog(input.timeouts, () => controller.abort());
  const signal = input.signal ? AbortSignal.any([input.signal, controller.signal]) : controller.signal;
  const tap = new ResponseTap(() => watchdog.progress());
  const acc = new StreamAccumulator(input.sink);
  const fail = (error: ClassifiedError): Result<LlmResponse, AttemptError> => errResult({ error, visible: acc.visible });
  // Stop and our timeouts reach the SDK as an abort: say which it was.
  const stopped = (): ClassifiedError | undefined =>
    input.signal?.aborted ? cancelledError() : watchdog.fired ? timeoutError(watchdog.fired, input) : undefined;
  let phase: ErrorPhase = 'request';
  try {
    const stream = await input.client(tappedFetch(input.fetch, tap)).chat.completions.create(input.body, { signal });
    phase = 'stream';
    for await (const chunk of stream) acc.add(chunk);
    return finish(input, tap, acc, stopped(), fail);
  } catch (err) {
    return fail(stopped() ?? fromSdkError(err, phase, tap, input.ctx, acc.chunks > 0));
  } finally {
    watchdog.stop();
  }
}

/** The stream ended without an error: a whole answer, a cut one, or a body that was no stream at all. */
function finish(
  input: AttemptInput,
  tap: ResponseTap,
  acc: StreamAccumulator,
  stopped: ClassifiedError | undefined,
  fail: (error: ClassifiedError) => Result<LlmResponse, AttemptError>,
): Result<LlmResponse, AttemptError> {
  // The SDK ends a stream quietly when it is aborted.
  if (stopped) return fail(stopped);
  if (tap.kind === 'json' || tap.kind === 'other') {
    const json = tap.kind === 'json' ? parseJson(tap.text) : undefined;
    const error = serverErrorBody(json);
    if (error) return fail(fromStreamError(error, input.ctx));
    if (json && Array.isArray((json as { choices?: unknown }).choices)) {
      acc.add(json); // a server that ignored stream: true
      acc.end();
      return okResult(acc.response());
    }
    return fail(notACompletionError(input.ctx, tap));
  }
  if (tap.kind === undefined) return fail(notACompletionError(input.ctx, tap));
  acc.end();
  // Neither a finish_reason nor [DONE]: the stream was cut, whatever it held so far is not the whole answer.
  if (!acc.finish && !tap.sawDone) return fail(cutStreamError(input.ctx));
  return okResult(acc.response());
}
