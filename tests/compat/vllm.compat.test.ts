// vLLM's OpenAI-compatible server through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented:
// - requests are pydantic models with `extra="forbid"` in older releases: an unknown field such as
//   `stream_options` is a 400 `{"object":"error","message":"[{'type': 'extra_forbidden', 'loc': ('body',
//   'stream_options'), …}]","type":"BadRequestError","param":null,"code":400}` with no `param` to say which
//   (`stream_options` exists since v0.5.0: vllm-project/vllm releases; litellm#29431 shows the same strictness).
// - reasoning parsers (`--reasoning-parser deepseek_r1`, vllm-project/vllm#12473) put the chain of thought in
//   `reasoning_content`; from 0.10 the field is `reasoning` (litellm#20246 shows vLLM emitting it).
// - the arguments of stored tool calls are parsed (a broken one is a 400 for the whole conversation).
import { describe, expect, it } from 'vitest';
import { outline, useCompat } from './compat-harness';

const c = useCompat();

describe('vLLM', () => {
  it('a server that refuses stream_options without naming it is asked again without it, and remembered', async () => {
    c.open({ rejectStreamOptions: 'vllm', strictHistory: true });
    c.t.llm.enqueue({ text: 'First.' }, { text: 'Second.' });
    expect(await c.turn('one')).toMatchObject({ stopReason: 'completed', text: 'First.' });
    expect(c.t.llm.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false]);
    expect(await c.turn('two')).toMatchObject({ stopReason: 'completed', text: 'Second.' });
    expect(c.t.llm.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
    expect(outline(c.stored()).map(([role, content]) => [role, content])).toEqual([
      ['user', 'one'],
      ['assistant', 'First.'],
      ['user', 'two'],
      ['assistant', 'Second.'],
    ]);
  });

  for (const field of ['reasoning_content', 'reasoning'] as const) {
    it(`reasoning in \`${field}\` streams apart from the answer, is stored apart, and is not sent back`, async () => {
      c.open({ reasoningAs: field });
      c.t.llm.enqueue({ reasoning: ['The user ', 'greets me.'], text: 'Hello!' }, { text: 'Bye!' });
      const first = await c.turn('hi');
      expect(first.text).toBe('Hello!');
      expect(c.events('reasoning').map((e) => e.text).join('')).toBe('The user greets me.');
      expect(c.events('token').map((e) => e.text).join('')).toBe('Hello!');
      const answer = c.stored()[1]!;
      expect([answer.content, answer.meta.reasoning, answer.meta.reasoningFormat]).toEqual(['Hello!', 'The user greets me.', field]);
      await c.turn('bye');
      const sent = c.lastSentMessages();
      expect(sent.find((m) => m.role === 'assistant')).toEqual({ role: 'assistant', content: 'Hello!' });
      expect(JSON.stringify(sent)).not.toContain('greets me');
    });
  }
});
