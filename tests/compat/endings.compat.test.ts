// Honest endings, whatever the server does, through the real agent loop: a 200 that is not a completion, an empty
// stream, a stream cut before its end, an empty answer, a server that ignores `stream`, and Stop while waiting.
// (Issue 18: each of these used to end with exit 0 and no output, or stored a cut answer as complete.)
import { describe, expect, it } from 'vitest';
import { outline, SESSION, useCompat } from './compat-harness';

const c = useCompat();

describe('endings', () => {
  it('an HTML page behind a wrong base URL names the base URL and what came back', async () => {
    c.open({});
    c.t.llm.enqueue({ rawBody: { contentType: 'text/html; charset=utf-8', body: '<!doctype html>\n<html><title>Welcome to nginx!</title></html>' } });
    const first = await c.turn('hi');
    expect(first.stopReason).toBe('error');
    expect(first.error).toBe(
      `The provider 'test' at ${c.t.llm.baseUrl} answered 200 with text/html; charset=utf-8: "<!doctype html> <html><title>Welcome to nginx!</title></html>", ` +
        'which is not a chat completion. Check providers.test.baseUrl (for OpenAI-compatible servers it usually ends in /v1).',
    );
    expect(c.t.llm.requests).toHaveLength(1);
  });

  it('an empty 200 says so', async () => {
    c.open({});
    c.t.llm.enqueue({ rawBody: { contentType: 'text/event-stream', body: '' } });
    const first = await c.turn('hi');
    expect(first.error).toContain('answered 200 with an empty body, which is not a chat completion');
  });

  it('a stream cut before finish_reason and [DONE] is interrupted: the text is kept, the next turn goes on', async () => {
    c.open({});
    c.t.llm.enqueue({ text: ['Part one, ', 'part two'], cutAfterChunks: 3 }, { text: 'Complete now.' });
    const first = await c.turn('tell me');
    expect(first).toMatchObject({
      stopReason: 'error',
      text: 'Part one, part two',
      error: "The answer from the provider 'test' stopped before it was complete (the stream ended without a finish reason).",
    });
    expect(c.stored()[1]).toMatchObject({ content: 'Part one, part two', meta: { partial: true } });
    expect((await c.turn('continue')).text).toBe('Complete now.');
  });

  it('an answer with neither text nor a tool call says so', async () => {
    c.open({});
    c.t.llm.enqueue({}, { text: 'Now with text.' });
    const first = await c.turn('hi');
    expect(first).toMatchObject({
      stopReason: 'error',
      error: "The model 'fake-model' sent an empty answer: no text and no tool call. Try again, or rephrase the message.",
    });
    expect((await c.turn('again')).text).toBe('Now with text.');
    expect(outline(c.stored()).map(([r, t]) => [r, t])).toEqual([
      ['user', 'hi'],
      ['system', first.error], // the failure, kept for the window; never sent to the model
      ['user', 'again'],
      ['assistant', 'Now with text.'],
    ]);
  });

  it('a server that ignores stream: true and sends one JSON completion is understood', async () => {
    c.open({});
    c.t.llm.enqueue({
      rawBody: {
        contentType: 'application/json',
        body: JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Whole answer.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 2 } }),
      },
    });
    expect(await c.turn('hi')).toMatchObject({ stopReason: 'completed', text: 'Whole answer.', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } });
  });

  it('Stop ends the wait for a retry and the wait for a first byte at once', async () => {
    c.open({}, { agent: { providerRetryMode: 'persistent' } });
    c.t.llm.setFallback({ status: 503, headers: { 'retry-after': '60' } });
    const waiting = c.turn('hi');
    for (let i = 0; i < 200 && !c.events('provider.retry').length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(c.events('provider.retry')[0]).toMatchObject({ attempt: 1, waitMs: 60_000 });
    expect(c.t.core.sessions.cancel(SESSION)).toBe(true);
    expect(await waiting).toMatchObject({ stopReason: 'cancelled' });

    c.t.llm.setFallback({ hang: true });
    const hanging = c.turn('hello?');
    for (let i = 0; i < 200 && c.t.llm.requests.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(c.t.core.sessions.cancel(SESSION)).toBe(true);
    expect(await hanging).toMatchObject({ stopReason: 'cancelled' });
  });
});
