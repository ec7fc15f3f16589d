// The tap on the SDK's fetch: every chunk is progress, the kind of a body is known from its first bytes, a
// `data: [DONE]` line is found even when cut across chunks (and never inside the JSON of a chunk).
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_BODY, ResponseTap, tappedFetch } from '../../../../src-main/core/model/providers/response-tap';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function fed(...chunks: string[]): { tap: ResponseTap; progress: number } {
  let progress = 0;
  const tap = new ResponseTap(() => progress++);
  for (const c of chunks) tap.chunk(bytes(c));
  return { tap, get progress() { return progress; } };
}

describe('ResponseTap', () => {
  it.each([
    [[': OPENROUTER PROCESSING\n\n'], 'sse'],
    [['\n\n  ', 'data: {"choices":[]}\n\n'], 'sse'],
    [['event: error\ndata: {}\n\n'], 'sse'],
    [['  {"id":"x","choices":[]}'], 'json'],
    [['<!doctype html>'], 'other'],
  ])('%j is %s', (chunks, kind) => {
    expect(fed(...chunks).tap.kind).toBe(kind);
  });

  it('counts every chunk as progress, comments included', () => {
    const run = fed(': ping\n\n', ': ping\n\n', 'data: {"choices":[]}\n\n');
    expect(run.progress).toBe(3);
    expect(run.tap.bytes).toBe(': ping\n\n: ping\n\ndata: {"choices":[]}\n\n'.length);
  });

  it('finds [DONE] cut across chunks, with or without the space, CRLF or not', () => {
    expect(fed('data: {"choices":[]}\n\ndata: [DO', 'NE]\n\n').tap.sawDone).toBe(true);
    expect(fed('data:[DONE]\r\n\r\n').tap.sawDone).toBe(true);
    expect(fed('data: {"choices":[]}\n\n', 'data: [DONE]').tap.sawDone).toBe(true);
  });

  it('does not take [DONE] inside a chunk\'s JSON for the end of the stream', () => {
    expect(fed('data: {"choices":[{"delta":{"content":"data: [DONE]"}}]}\n\n').tap.sawDone).toBe(false);
    expect(fed('data: {"choices":[{"delta":{"content":"\\ndata: [DONE]\\n"}}]}\n\n').tap.sawDone).toBe(false);
  });

  it('keeps a body that is not SSE, up to its limit, and nothing of an SSE one', () => {
    expect(fed('<html>', '<title>nginx</title>').tap.text).toBe('<html><title>nginx</title>');
    expect(fed('data: {"choices":[]}\n\n').tap.text).toBe('');
    expect(fed('x'.repeat(MAX_KEPT_BODY), 'more').tap.text).toHaveLength(MAX_KEPT_BODY);
  });

  it('a blank body has no kind', () => {
    const { tap } = fed('\n', '  ');
    expect(tap.kind).toBeUndefined();
    expect(tap.blank.trim()).toBe('');
  });
});

describe('tappedFetch', () => {
  it('passes status, headers and body through and reports them', async () => {
    const inner = (async () => new Response('data: [DONE]\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } })) as unknown as typeof fetch;
    const tap = new ResponseTap();
    const res = await tappedFetch(inner, tap)('http://127.0.0.1/x');
    expect(await res.text()).toBe('data: [DONE]\n\n');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
    expect([tap.status, tap.contentType, tap.kind, tap.sawDone]).toEqual([200, 'text/event-stream', 'sse', true]);
  });

  it('a body that breaks off reaches the reader as the same error', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes('data: {"choices":[]}\n\n'));
        c.error(new TypeError('terminated'));
      },
    });
    const inner = (async () => new Response(broken, { status: 200 })) as unknown as typeof fetch;
    const res = await tappedFetch(inner, new ResponseTap())('http://127.0.0.1/x');
    await expect(res.text()).rejects.toThrow('terminated');
  });
});
