// OpenRouter through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented (openrouter.ai/docs/api_reference/streaming):
// - "For SSE streams, OpenRouter occasionally sends comments to prevent connection timeouts", e.g.
//   `: OPENROUTER PROCESSING`, while a slow model has not started: they count as progress, so a first-byte
//   timeout shorter than the model's start does not abandon (and re-send) the request.
// - "errors that occur mid-generation still arrive as regular data: events with an error field" (HTTP 200,
//   `finish_reason: "error"`): classified like the status they name and retried like it before any text;
//   after text the answer is kept as interrupted.
// - reasoning arrives in a `reasoning` delta field.
import { describe, expect, it } from 'vitest';
import { outline, useCompat } from './compat-harness';

const c = useCompat();

describe('OpenRouter', () => {
  it('SSE comments before the first token count as progress: no timeout, no second request', async () => {
    c.open({ commentsBeforeFirstChunk: { everyMs: 200, forMs: 1600 } }, { providers: { test: { apiKey: 'sk-or-test-key-0001', baseUrl: c.t.llm.baseUrl, timeouts: { firstByte: 1, idle: 1 } } } });
    c.t.llm.enqueue({ text: 'Slow but here.' }, { text: 'Again.' });
    expect(await c.turn('think hard')).toMatchObject({ stopReason: 'completed', text: 'Slow but here.' });
    expect(c.t.llm.requests).toHaveLength(1);
    expect(await c.turn('again')).toMatchObject({ text: 'Again.' });
    expect(c.t.llm.requests).toHaveLength(2);
  });

  it('a first-byte timeout without comments ends the wait and says which setting bounds it', async () => {
    c.open({}, { providers: { test: { apiKey: 'sk-or-test-key-0001', baseUrl: c.t.llm.baseUrl, timeouts: { firstByte: 1 } } } });
    c.t.llm.enqueue({ hang: true }, { text: 'Back.' });
    const first = await c.turn('hello?');
    expect(first.stopReason).toBe('error');
    expect(first.error).toBe(`The provider 'test' at ${c.t.llm.baseUrl} sent nothing for 1 s after the request (providers.test.timeouts.firstByte).`);
    expect(await c.turn('hello again')).toMatchObject({ stopReason: 'completed', text: 'Back.' });
  });

  it('an error object with code 429 inside the stream, before any text, is retried like a 429', async () => {
    c.open({}, { agent: { providerRetryMode: 'standard' } });
    c.t.llm.enqueue({ text: 'never', streamError: { afterChunks: 1, error: { code: 429, message: 'Rate limit exceeded: free-models-per-min' } } }, { text: 'After the wait.' }, { text: 'Next.' });
    const first = await c.turn('hi');
    expect(first).toMatchObject({ stopReason: 'completed', text: 'After the wait.' });
    expect(c.events('provider.retry').map((e) => [e.attempt, e.waitMs, e.message])).toEqual([
      [1, 1000, 'The provider is rate-limiting requests (429). (Server said: Rate limit exceeded: free-models-per-min)'],
    ]);
    expect((await c.turn('next')).text).toBe('Next.');
  });

  it('an error object after text keeps the text as an interrupted answer; the next turn carries it', async () => {
    c.open({});
    c.t.llm.enqueue({ text: ['The answer ', 'is 4'], streamError: { afterChunks: 3, error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } } }, { text: 'Sorry, 42.' });
    const first = await c.turn('6 times 7?');
    expect(first).toMatchObject({
      stopReason: 'error',
      text: 'The answer is 4',
      error: 'The provider had a server error (500). (Server said: Provider disconnected unexpectedly)',
    });
    const partial = c.stored()[1]!;
    expect([partial.content, partial.meta.partial]).toEqual(['The answer is 4', true]);
    expect((await c.turn('go on')).text).toBe('Sorry, 42.');
    expect(outline(c.stored()).map(([r, t]) => [r, t])).toEqual([
      ['user', '6 times 7?'],
      ['assistant', 'The answer is 4'],
      ['system', first.error], // the failure, kept for the window; never sent to the model
      ['user', 'go on'],
      ['assistant', 'Sorry, 42.'],
    ]);
  });

  it('reasoning in the `reasoning` field is shown apart and not re-sent', async () => {
    c.open({ reasoningAs: 'reasoning' });
    c.t.llm.enqueue({ reasoning: 'Short thought.', text: 'Answer.' }, { text: 'Two.' });
    await c.turn('q');
    expect(c.events('reasoning').map((e) => e.text).join('')).toBe('Short thought.');
    await c.turn('q2');
    expect(JSON.stringify(c.lastSentMessages())).not.toContain('Short thought');
  });
});
