// What the openai SDK threw, as a ClassifiedError: by the SDK's error classes and their fields (status,
// headers, the server's error object), never by their message. An APIError without a status is an error
// object inside a 200 stream and counts like the status it names; a refusal the SDK did not unwrap (older
// vLLM's top-level `{object: "error"}`) is read from the body the ResponseTap kept.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import {
  brokenStreamError,
  cancelledError,
  connectError,
  fromHttpStatus,
  fromStreamError,
  serverErrorBody,
  type ClassifiedError,
  type ErrorContext,
} from './provider-errors';
import type { ResponseTap } from './response-tap';

/** Where the error came from: the request (before any answer) or reading the answer's stream. */
export type ErrorPhase = 'request' | 'stream';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A 200 whose body is not a chat completion: which base URL, and what came back instead. */
export function notACompletionError(ctx: ErrorContext, tap: ResponseTap): ClassifiedError {
  const p = ctx.providerName;
  const text = tap.text.replace(/\s+/g, ' ').trim();
  const what = text ? `${tap.contentType || 'no content type'}: "${text.slice(0, 80)}"` : 'an empty body';
  return {
    kind: 'bad_response',
    transient: false,
    status: tap.status ?? 200,
    message:
      `The provider '${p}' at ${ctx.baseUrl ?? 'its default URL'} answered ${tap.status ?? 200} with ${what}, which is not a chat completion. ` +
      `Check providers.${p}.baseUrl (for OpenAI-compatible servers it usually ends in /v1).`,
  };
}

/** An SSE event whose data is not JSON: the stream cannot be read on. */
function malformedEventError(ctx: ErrorContext): ClassifiedError {
  return {
    kind: 'bad_response',
    transient: true,
    message: `The provider '${ctx.providerName}' sent a stream event that is not JSON, so the answer could not be read.`,
  };
}

/**
 * Classifies what the SDK threw. The caller checks first whether its own signal (Stop, or a watchdog
 * timeout) ended the request, since an abort is all the SDK can tell about those.
 */
export function fromSdkError(err: unknown, phase: ErrorPhase, tap: ResponseTap, ctx: ErrorContext, gotChunks: boolean): ClassifiedError {
  if (err instanceof APIUserAbortError) return cancelledError();
  if (err instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', transient: true, message: `The provider '${ctx.providerName}' did not answer in time.` };
  }
  if (err instanceof APIConnectionError) return connectError(err.cause, ctx);
  if (err instanceof APIError) {
    const body = serverErrorBody({ error: err.error }) ?? serverErrorBody(parseJson(tap.text));
    if (err.status !== undefined) return fromHttpStatus(err.status, body, err.headers, ctx);
    return fromStreamError(body ?? { message: '' }, ctx);
  }
  if (phase === 'stream' && err instanceof SyntaxError) return malformedEventError(ctx);
  // The SDK's own errors without a status: a 200 without a body to read.
  if (err instanceof OpenAIError) return notACompletionError(ctx, tap);
  // The body stream failed while it was read: the connection broke.
  return phase === 'stream' ? brokenStreamError(ctx, gotChunks) : connectError(err, ctx);
}
