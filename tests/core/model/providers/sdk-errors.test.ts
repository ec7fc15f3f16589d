// What the openai SDK throws becomes a ProviderError by the SDK's error classes and their fields: the status
// of an HTTP refusal, the error object of a 200 stream, the cause of a connection failure; never the text.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { ResponseTap } from '../../../../src-main/core/model/providers/response-tap';
import { fromSdkError } from '../../../../src-main/core/model/providers/sdk-errors';

const ctx = { providerName: 'p', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret-000111222' };
const tap = (): ResponseTap => new ResponseTap();

/** The error the SDK builds for an HTTP answer with this status and JSON body. */
function statusError(status: number, body: unknown, headers: Record<string, string> = {}): APIError {
  return APIError.generate(status, body as object, undefined, new Headers(headers));
}

describe('fromSdkError', () => {
  it.each([
    [401, 'auth', false],
    [403, 'auth', false],
    [404, 'not_found', false],
    [408, 'timeout', true],
    [409, 'server', true],
    [422, 'bad_request', false],
    [429, 'rate_limit', true],
    [500, 'server', true],
    [503, 'server', true],
    [418, 'unknown', false],
  ])('HTTP %i is %s (transient: %s)', (status, kind, transient) => {
    expect(fromSdkError(statusError(status, { error: { message: 'x' } }), 'request', tap(), ctx, false)).toMatchObject({ kind, status, transient });
  });

  it('keeps the refused param and the retry-after wait', () => {
    const err = statusError(400, { error: { message: 'no', type: 'invalid_request_error', param: 'stream_options' } }, { 'retry-after-ms': '250' });
    expect(fromSdkError(err, 'request', tap(), ctx, false)).toMatchObject({ kind: 'bad_request', param: 'stream_options', retryAfterMs: 250 });
  });

  it('reads an error object the SDK does not unwrap (older vLLM) from the body the tap kept', () => {
    const raw = { object: 'error', message: 'extra inputs', type: 'BadRequestError', param: 'stream_options', code: 400 };
    const t = tap();
    t.chunk(new TextEncoder().encode(JSON.stringify(raw)));
    expect(fromSdkError(statusError(400, raw), 'request', t, ctx, false)).toMatchObject({ kind: 'bad_request', param: 'stream_options', message: 'The provider rejected the request (400). (Server said: extra inputs)' });
  });

  it('an error object inside a 200 stream counts as the status it names', () => {
    const inStream = (error: object) => new APIError(undefined, error, undefined, new Headers());
    expect(fromSdkError(inStream({ code: 429, message: 'slow' }), 'stream', tap(), ctx, true)).toMatchObject({ kind: 'rate_limit', status: 429, transient: true });
    expect(fromSdkError(inStream({ code: 'context_length_exceeded', message: 'long' }), 'stream', tap(), ctx, true)).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(fromSdkError(inStream({ message: 'unnamed' }), 'stream', tap(), ctx, true)).toMatchObject({ kind: 'server', status: 500 });
  });

  it('a refused connection names the system code from the cause, not the text', () => {
    const cause = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('any words'), { code: 'ECONNREFUSED' }) });
    expect(fromSdkError(new APIConnectionError({ cause }), 'request', tap(), ctx, false)).toEqual({
      kind: 'network',
      transient: true,
      message: `Could not reach the provider 'p' at ${ctx.baseUrl} (ECONNREFUSED). Check the base URL and your connection.`,
    });
  });

  it('the SDK\'s own timeout, an abort, a malformed event, a missing body, a broken stream', () => {
    expect(fromSdkError(new APIConnectionTimeoutError(), 'request', tap(), ctx, false)).toMatchObject({ kind: 'timeout', transient: true });
    expect(fromSdkError(new APIUserAbortError(), 'request', tap(), ctx, false)).toMatchObject({ kind: 'cancelled' });
    expect(fromSdkError(new SyntaxError('x'), 'stream', tap(), ctx, true)).toMatchObject({ kind: 'bad_response', transient: true });
    expect(fromSdkError(new OpenAIError('x'), 'stream', tap(), ctx, false)).toMatchObject({ kind: 'bad_response', transient: false });
    expect(fromSdkError(new TypeError('terminated'), 'stream', tap(), ctx, true)).toMatchObject({ kind: 'interrupted', transient: true });
    expect(fromSdkError(new TypeError('terminated'), 'stream', tap(), ctx, false)).toMatchObject({ kind: 'network', transient: true });
  });

  it('never repeats the key the server echoed', () => {
    const err = statusError(403, { error: { message: `key ${ctx.apiKey} has no access` } });
    expect(fromSdkError(err, 'request', tap(), ctx, false).message).not.toContain(ctx.apiKey);
  });
});
