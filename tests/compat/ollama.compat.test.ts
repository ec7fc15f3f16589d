// Ollama's OpenAI-compatible /v1 through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented:
// - tool-call deltas without `index` (ollama/ollama#7881, "OpenAI-compatible API tool calls have no index"), and
//   `index: 0` for every parallel call, each call whole in one delta (ollama/ollama#15457; vercel/ai#14277 fixed the
//   same merge in @ai-sdk/openai-compatible): before, two calls became one `list_dirread_file` call.
// - 400 `{"error":{"message":"registry.ollama.ai/library/<model> does not support tools","type":"api_error",
//   "param":null,"code":null}}` for models without tool support (ollama/ollama#5793, #14795).
// - Ollama and vLLM parse the arguments of stored tool calls: one call with broken JSON made every later turn
//   a 400 (issue 18); such a call is now stored as `{}`.
import { describe, expect, it } from 'vitest';
import { expectValidHistory, outline, useCompat } from './compat-harness';

const c = useCompat();

describe('Ollama', () => {
  it('parallel calls without an index come out as two calls; the next turn is accepted by a strict server', async () => {
    c.open({ toolCallsWithoutIndex: true, wholeToolCalls: true, strictHistory: true });
    c.t.llm.enqueue(
      { toolCalls: [{ name: 'list_dir', arguments: { path: '.' } }, { name: 'read_file', arguments: { path: 'notes.md' } }] },
      { text: 'You need milk.' },
      { text: 'Still milk.' },
    );
    const first = await c.turn('What is on my list?');
    expect(first).toMatchObject({ stopReason: 'completed', text: 'You need milk.' });
    const stored = c.stored();
    expect(outline(stored).map(([role, , tools]) => [role, tools])).toEqual([
      ['user', []],
      ['assistant', ['list_dir', 'read_file']],
      ['tool', []],
      ['tool', []],
      ['assistant', []],
    ]);
    expect(stored[1]!.toolCalls.map((t) => t.arguments)).toEqual(['{"path":"."}', '{"path":"notes.md"}']);
    expect(stored[3]!.content).toContain('Buy milk.');
    const second = await c.turn('And now?');
    expect(second).toMatchObject({ stopReason: 'completed', text: 'Still milk.' });
    const sent = c.lastSentMessages().find((m) => m.tool_calls);
    expect(sent?.tool_calls.map((t: any) => [t.function.name, t.function.arguments])).toEqual([
      ['list_dir', '{"path":"."}'],
      ['read_file', '{"path":"notes.md"}'],
    ]);
  });

  it('index 0 for every call, with their own ids, gives one call per id', async () => {
    c.open({ toolCallIndexZero: true, strictHistory: true });
    c.t.llm.enqueue(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' }, id: 'call_a' }, { name: 'list_dir', arguments: { path: '.' }, id: 'call_b' }] },
      { text: 'Done.' },
      { text: 'Again.' },
    );
    expect((await c.turn('look')).text).toBe('Done.');
    expect(c.stored()[1]!.toolCalls).toEqual([
      { id: 'call_a', name: 'read_file', arguments: '{"path":"notes.md"}' },
      { id: 'call_b', name: 'list_dir', arguments: '{"path":"."}' },
    ]);
    expect((await c.turn('again')).text).toBe('Again.');
  });

  it('arguments that are not JSON are stored as {} and shown to the model, so the session is not poisoned', async () => {
    c.open({ strictHistory: true });
    c.t.llm.enqueue(
      { toolCalls: [{ name: 'read_file', arguments: '{"path": "notes.md"', id: 'bad' }] },
      { text: 'Sorry, I will fix the call.' },
      { text: 'Second turn works.' },
    );
    const first = await c.turn('read my notes');
    expect(first.text).toBe('Sorry, I will fix the call.');
    const stored = c.stored();
    expect(stored[1]!.toolCalls).toEqual([{ id: 'bad', name: 'read_file', arguments: '{}' }]);
    expect(stored[2]!.content).toBe(
      'Error: the arguments of read_file were not a valid JSON object, so the call did not run (they are stored as {}). ' +
        'Call read_file again with its arguments as one JSON object. What you sent:\n{"path": "notes.md"',
    );
    expectValidHistory(stored);
    const second = await c.turn('try again');
    expect(second).toMatchObject({ stopReason: 'completed', text: 'Second turn works.' });
    expect(c.lastSentMessages().find((m) => m.tool_calls)?.tool_calls[0].function.arguments).toBe('{}');
  });

  it('a model without tool support answers without tools, says so once, and the next turn sends no tools', async () => {
    c.open({ rejectTools: true });
    c.t.llm.enqueue({ text: 'Hello without tools.' }, { text: 'Second answer.' });
    const first = await c.turn('hi');
    expect(first).toMatchObject({ stopReason: 'completed', text: 'Hello without tools.' });
    expect(c.events('provider.notice').map((e) => e.code)).toEqual(['tools_dropped']);
    expect(c.events('provider.notice')[0]!.message).toBe(
      "The model 'fake-model' of provider 'test' does not accept tools, so it answers without them (no files, commands or web).",
    );
    const before = c.t.llm.requests.length;
    const second = await c.turn('again');
    expect(second.text).toBe('Second answer.');
    expect(c.t.llm.requests.length - before).toBe(1);
    expect(c.t.llm.requests.at(-1)!.body.tools).toBeUndefined();
    expect(c.events('provider.notice')).toHaveLength(1);
    expect(outline(c.stored())).toEqual([
      ['user', 'hi', []],
      ['assistant', 'Hello without tools.', []],
      ['user', 'again', []],
      ['assistant', 'Second answer.', []],
    ]);
  });
});
