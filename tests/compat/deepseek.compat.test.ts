// DeepSeek's thinking mode (deepseek-reasoner) through the real agent loop, two turns.
// What the scripted quirks imitate, and where it is documented (api-docs.deepseek.com/guides/thinking_mode,
// "Tool calls"): the chain of thought streams as `reasoning_content`; "for turns that do perform tool calls, the
// reasoning_content must be fully passed back to the API in all subsequent requests", else a 400 "The
// `reasoning_content` in the thinking mode must be passed back to the API" (seen by many clients:
// anomalyco/opencode#24722, Factory-AI/factory#1091, warpdotdev/warp#11587); in turns without tool calls it
// is not needed, so an answer's reasoning is not re-sent.
import { describe, expect, it } from 'vitest';
import { useCompat } from './compat-harness';

const c = useCompat();

describe('DeepSeek', () => {
  it('reasoning of a tool-call message goes back as reasoning_content, in the turn and in the next one', async () => {
    c.open({ reasoningAs: 'reasoning_content', requireReasoningEcho: true, strictHistory: true });
    c.t.llm.enqueue(
      { reasoning: 'I should read the notes.', toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] },
      { reasoning: 'It says milk.', text: 'Buy milk.' },
      { text: 'Nothing else.' },
    );
    const first = await c.turn('what do I buy?');
    expect(first).toMatchObject({ stopReason: 'completed', text: 'Buy milk.' });
    const inTurn = c.t.llm.requests[1]!.body.messages.find((m: any) => m.tool_calls);
    expect(inTurn.reasoning_content).toBe('I should read the notes.');
    const stored = c.stored();
    expect(stored[1]!.meta).toMatchObject({ reasoning: 'I should read the notes.', reasoningFormat: 'reasoning_content' });
    expect(stored.at(-1)!.content).toBe('Buy milk.');
    const second = await c.turn('anything else?');
    expect(second).toMatchObject({ stopReason: 'completed', text: 'Nothing else.' });
    const sent = c.lastSentMessages();
    expect(sent.find((m) => m.tool_calls)?.reasoning_content).toBe('I should read the notes.');
    expect(sent.find((m) => m.role === 'assistant' && !m.tool_calls)).toEqual({ role: 'assistant', content: 'Buy milk.' });
  });
});
