// A long tool-calling turn stays inside the context window: old results in the request give way to a note.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';
import { defineTool, ok } from '../../../src-main/core/tools/tool';
import { fitTurnToWindow, OMITTED_RESULT_NOTE } from '../../../src-main/core/context/turn-window';
import { loadTokenizer, messagesTokens } from '../../../src-main/core/context/token-estimate';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { useScriptedCore } from '../../helpers/scripted-core';

const call = (id: string): ChatMessage => ({ role: 'assistant', content: null, toolCalls: [{ id, name: 'big', arguments: '{}' }] });
const result = (id: string, text: string): ChatMessage => ({ role: 'tool', toolCallId: id, name: 'big', content: text });

// Exact counts need the tokenizer (loaded lazily in the app, only when the byte bound does not fit).
beforeAll(() => loadTokenizer());

describe('fitTurnToWindow', () => {
  const base: ChatMessage[] = [
    { role: 'system', content: 'You are a test.' },
    { role: 'user', content: 'go' },
  ];

  it('returns the same list when it fits', async () => {
    const messages = [...base, call('a'), result('a', 'small')];
    expect(await fitTurnToWindow(messages, 10_000)).toBe(messages);
  });

  it('replaces the oldest results first and never the latest batch', async () => {
    const big = 'word '.repeat(2000);
    const messages = [...base, call('a'), result('a', big), call('b'), result('b', big), call('c'), result('c', big)];
    const budget = messagesTokens(messages) - 1500;
    const fitted = await fitTurnToWindow(messages, budget);
    expect(fitted[3]).toMatchObject({ role: 'tool', content: OMITTED_RESULT_NOTE(big.length) });
    expect(fitted[5]).toMatchObject({ role: 'tool', content: big });
    expect(fitted[7]).toMatchObject({ role: 'tool', content: big });
    expect(messagesTokens(fitted)).toBeLessThanOrEqual(budget);
    expect(messages[3]).toMatchObject({ content: big }); // the input is not mutated
  });

  it('keeps tool calls paired with a result message', async () => {
    const big = 'x'.repeat(20_000);
    const messages = [...base, call('a'), result('a', big), call('b'), result('b', 'latest')];
    const fitted = await fitTurnToWindow(messages, 200);
    expect(fitted.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
  });
});

describe('a long turn through the real loop', () => {
  const t = useScriptedCore({ approvalMode: 'auto' });

  it('never sends more than the window allows, while the stored history keeps every result in full', async () => {
    const core = t.open({ agent: { contextWindowTokens: 8192, maxTokens: 512, maxToolResultChars: 16000 } });
    const chunk = 'lorem ipsum dolor sit amet '.repeat(400); // ~10,800 chars, ~2,400 tokens
    core.tools.register(
      defineTool({
        name: 'big',
        description: 'Returns a lot of text.',
        params: z.object({}),
        category: 'read',
        async run() {
          return ok(chunk);
        },
      }),
    );
    for (let i = 0; i < 5; i++) t.llm.enqueue({ toolCalls: [{ name: 'big', arguments: {} }] });
    t.llm.enqueue({ text: 'summary done' });
    const r = await core.sessions.run({ sessionKey: 'cli:long', text: 'read it all' });
    expect(r.stopReason).toBe('completed');
    const budget = 8192 - 512 - 1024;
    for (const req of t.llm.requests) {
      const sent = req.body.messages.map((m: { role: string; content: unknown; tool_calls?: unknown }) => JSON.stringify(m)).join('');
      // ~4 characters per token for this text; a request over the window would be far above this bound.
      expect(sent.length / 4).toBeLessThan(budget);
    }
    const last = JSON.stringify(t.llm.requests.at(-1)!.body.messages);
    expect(last).toContain('omitted from this request to stay inside the context window');
    const stored = listMessages(core.db, 'cli:long').filter((m) => m.role === 'tool');
    expect(stored).toHaveLength(5);
    expect(stored.every((m) => m.content === chunk)).toBe(true);
  });
});
