// Bounded waiting through the real agent loop, two turns each: `agent.requestTimeout` bounds the first byte and
// the pauses of every provider that sets no `timeouts`, `providers.<name>.timeouts` overrides each bound on its
// own, a timed-out call is tried once more in standard mode (then the turn says which setting bounded it), and
// Stop ends a stream that stalls mid-answer at once, keeping what arrived.
// (Issue 18: a dead server kept the user waiting 488 s; SSE comments did not count as progress.)
import { describe, expect, it } from 'vitest';
import { SESSION, useCompat } from './compat-harness';

const c = useCompat();
const KEY = 'sk-wait-test-key-0001';

describe('bounded waiting', () => {
  it('agent.requestTimeout is the first-byte bound of a provider without timeouts; the next turn goes on', async () => {
    c.open({}, { agent: { requestTimeout: 5 } });
    c.t.llm.enqueue({ hang: true }, { text: 'Here now.' });
    const first = await c.turn('hello?');
    expect(first).toMatchObject({
      stopReason: 'error',
      error: `The provider 'test' at ${c.t.llm.baseUrl} sent nothing for 5 s after the request (providers.test.timeouts.firstByte).`,
    });
    expect(c.t.llm.requests).toHaveLength(1); // providerRetryMode none in this harness
    expect(await c.turn('and now?')).toMatchObject({ stopReason: 'completed', text: 'Here now.' });
  });

  it('timeouts.idle bounds a pause mid-answer on its own; the text that came is kept as interrupted', async () => {
    c.open({}, { agent: { requestTimeout: 60 }, providers: { test: { apiKey: KEY, baseUrl: c.t.llm.baseUrl, timeouts: { idle: 1 } } } });
    c.t.llm.enqueue({ text: ['Part one, ', 'part two', ' and more'], stallAfterChunks: 3 }, { text: 'All of it.' });
    const first = await c.turn('tell me');
    expect(first).toMatchObject({
      stopReason: 'error',
      error: "The provider 'test' stopped sending for 1 s in the middle of the answer (providers.test.timeouts.idle).",
    });
    expect(c.stored()[1]).toMatchObject({ role: 'assistant', content: 'Part one, part two', meta: { partial: true } });
    expect(await c.turn('again')).toMatchObject({ stopReason: 'completed', text: 'All of it.' });
  });

  it('standard mode asks a server that timed out once more, with a countdown event, then names the bound', async () => {
    c.open({}, { agent: { providerRetryMode: 'standard' }, providers: { test: { apiKey: KEY, baseUrl: c.t.llm.baseUrl, timeouts: { firstByte: 1 } } } });
    c.t.llm.enqueue({ hang: true }, { hang: true }, { text: 'Finally.' });
    const first = await c.turn('anyone?');
    expect(c.t.llm.requests).toHaveLength(2);
    expect(c.events('provider.retry').map((e) => [e.attempt, e.errorKind, e.waitMs])).toEqual([[1, 'timeout', 1000]]);
    expect(first.error).toContain('sent nothing for 1 s after the request (providers.test.timeouts.firstByte)');
    expect(await c.turn('now?')).toMatchObject({ stopReason: 'completed', text: 'Finally.' });
  });

  it('Stop ends a stream that stalls mid-answer at once and keeps what arrived', async () => {
    c.open({}, { agent: { requestTimeout: 60 } });
    c.t.llm.enqueue({ text: ['The first half', ' and the rest'], stallAfterChunks: 2 }, { text: 'Next.' });
    const running = c.turn('long one');
    for (let i = 0; i < 300 && !c.events('token').some((e) => e.text === 'The first half'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(c.t.core.sessions.cancel(SESSION)).toBe(true);
    expect(await running).toMatchObject({ stopReason: 'cancelled', text: 'The first half' });
    expect(c.stored()[1]).toMatchObject({ role: 'assistant', content: 'The first half', meta: { partial: true } });
    expect(await c.turn('next')).toMatchObject({ stopReason: 'completed', text: 'Next.' });
  });
});
