// OpenAI itself through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented (platform.openai.com, reasoning models):
// - o-series and GPT-5 reasoning models refuse `max_tokens` with 400 `{"error":{"message":"Unsupported parameter:
//   'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","param":"max_tokens",
//   "code":"unsupported_parameter"}}` and a non-default temperature with `param: "temperature"`,
//   `code: "unsupported_value"`: both are learned from `param`, once per model.
// - parallel tool calls with proper `index` and `id`, arguments split across chunks (the reference behaviour).
import { describe, expect, it } from 'vitest';
import { expectValidHistory, useCompat } from './compat-harness';

const c = useCompat();

describe('OpenAI', () => {
  it('a reasoning model: max_completion_tokens and no temperature, learned in the first turn and kept', async () => {
    c.open({ reasoningModelParams: true }, { agent: { model: 'o4-mini' } });
    c.t.llm.enqueue({ text: 'Reasoned.' }, { text: 'Reasoned again.' });
    expect(await c.turn('think')).toMatchObject({ stopReason: 'completed', text: 'Reasoned.' });
    expect(c.t.llm.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens, r.body.temperature])).toEqual([
      [8192, undefined, 0.1],
      [undefined, 8192, 0.1],
      [undefined, 8192, undefined],
    ]);
    expect(await c.turn('again')).toMatchObject({ text: 'Reasoned again.' });
    expect(c.t.llm.requests).toHaveLength(4);
    expect(c.t.llm.requests[3]!.body).toMatchObject({ max_completion_tokens: 8192 });
    expect('temperature' in c.t.llm.requests[3]!.body).toBe(false);
  });

  it('parallel calls with index and id, arguments in fragments', async () => {
    c.open({ strictHistory: true });
    c.t.llm.enqueue(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }, { name: 'list_dir', arguments: { path: '.' } }] },
      { text: 'Both read.' },
      { text: 'Next.' },
    );
    expect((await c.turn('go')).text).toBe('Both read.');
    expect(c.stored()[1]!.toolCalls.map((t) => t.name)).toEqual(['read_file', 'list_dir']);
    expect((await c.turn('next')).text).toBe('Next.');
    expectValidHistory(c.stored());
    expect(c.t.llm.requests[0]!.body.stream_options).toEqual({ include_usage: true });
  });
});
