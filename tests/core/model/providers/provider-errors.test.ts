// Error objects of every server shape are read by their fields; a stream error counts as the status it names.
import { describe, expect, it } from 'vitest';
import { fromStreamError, serverErrorBody } from '../../../../src-main/core/model/providers/provider-errors';

const ctx = { providerName: 'p', model: 'm' };

describe('serverErrorBody', () => {
  it.each([
    [{ error: { message: 'slow', type: 'requests', code: 'rate_limit_exceeded', param: null } }, { message: 'slow', code: 'rate_limit_exceeded' }],
    [{ error: { message: "Unknown parameter: 'stream_options'.", type: 'invalid_request_error', param: 'stream_options', code: 'unknown_parameter' } }, { message: "Unknown parameter: 'stream_options'.", code: 'unknown_parameter', param: 'stream_options' }],
    [{ object: 'error', message: 'extra_forbidden', type: 'BadRequestError', param: null, code: 400 }, { message: 'extra_forbidden', status: 400, code: 'BadRequestError' }],
    [{ error: 'model "x" not found, try pulling it first' }, { message: 'model "x" not found, try pulling it first' }],
    [{ error: { code: 502, message: 'Provider returned error' } }, { message: 'Provider returned error', status: 502 }],
    [{ error: { code: '404', message: 'Resource not found' } }, { message: 'Resource not found', status: 404 }],
  ])('%j', (json, expected) => {
    expect(serverErrorBody(json)).toEqual(expected);
  });

  it('a chunk is no error', () => {
    expect(serverErrorBody({ id: 'x', choices: [] })).toBeUndefined();
    expect(serverErrorBody('text')).toBeUndefined();
  });
});

describe('fromStreamError', () => {
  it.each([
    [{ message: 'm', status: 429 }, 'rate_limit', true],
    [{ message: 'm', code: 'server_error' }, 'server', true],
    [{ message: 'm', code: 'context_length_exceeded' }, 'bad_request', false],
    [{ message: 'm' }, 'server', true],
  ])('%j is %s', (body, kind, transient) => {
    expect(fromStreamError(body, ctx)).toMatchObject({ kind, transient });
  });
});
