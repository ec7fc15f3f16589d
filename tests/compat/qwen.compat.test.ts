// Qwen3 through the real agent loop, two turns each: the README's own example model (qwen3:8b on Ollama).
// What the scripted quirks imitate, and where it is documented:
// - Qwen3 thinks inside `<think>…</think>` at the start of its content when the server has no reasoning parser
//   (Ollama before its `reasoning` field, llama.cpp, LM Studio): Qwen's docs (qwen.readthedocs.io, quickstart,
//   `enable_thinking=True` is the default) say the history should keep only the final answer, not the thinking.
//   The tags may be cut across chunks (`<thi` + `nk>`), as streaming servers send tokens, not tags.
// - On DashScope (`enable_thinking`), Qwen streams `reasoning_content` instead: covered by the vLLM and DeepSeek files.
import { describe, expect, it } from 'vitest';
import { useCompat } from './compat-harness';

const c = useCompat();

describe('Qwen3 <think> tags', () => {
  it('tags split across chunks become reasoning; the stored and re-sent answer has none of it', async () => {
    c.open({ reasoningAs: 'think_tags' });
    c.t.llm.enqueue({ reasoning: ['The user says ', 'hello.'], text: ['Hello', '!'] }, { text: 'Fine.' });
    const first = await c.turn('hello');
    expect(first.text).toBe('Hello!');
    expect(c.events('reasoning').map((e) => e.text).join('')).toBe('The user says hello.');
    expect(c.events('token').map((e) => e.text).join('')).toBe('Hello!');
    const answer = c.stored()[1]!;
    expect([answer.content, answer.meta.reasoning, answer.meta.reasoningFormat]).toEqual(['Hello!', 'The user says hello.', 'think_tag']);
    expect((await c.turn('how are you?')).text).toBe('Fine.');
    const sent = JSON.stringify(c.lastSentMessages());
    expect(sent).not.toContain('think');
    expect(sent).not.toContain('The user says');
  });

  it('a tool call after thinking: the call runs and the thought is not re-sent as content', async () => {
    c.open({ reasoningAs: 'think_tags', strictHistory: true });
    c.t.llm.enqueue({ reasoning: 'Read the notes.', toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] }, { text: 'Milk.' }, { text: 'Done.' });
    expect((await c.turn('notes?')).text).toBe('Milk.');
    expect(c.stored()[1]).toMatchObject({ content: null, meta: { reasoning: 'Read the notes.', reasoningFormat: 'think_tag' } });
    expect((await c.turn('ok')).text).toBe('Done.');
    expect(JSON.stringify(c.lastSentMessages())).not.toContain('Read the notes');
  });
});
