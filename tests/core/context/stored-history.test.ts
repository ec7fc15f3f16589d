// The history repair that keeps every tool call answered and drops orphan tool results.
import { describe, expect, it } from 'vitest';
import { MISSING_TOOL_RESULT, repairHistory } from '../../../src-main/core/context/stored-history';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';

describe('repairHistory', () => {
  const call = (id: string) => ({ id, name: 'echo', arguments: '{}' });
  const tool = (id: string, content = `r-${id}`): ChatMessage => ({ role: 'tool', toolCallId: id, name: 'echo', content });

  it('leaves a valid history alone', () => {
    const h: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, toolCalls: [call('a'), call('b')] },
      tool('a'),
      tool('b'),
      { role: 'assistant', content: 'done' },
    ];
    expect(repairHistory(h)).toEqual(h);
  });

  it('answers tool calls that have no result (a crash mid-turn) and keeps call order', () => {
    const h: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, toolCalls: [call('a'), call('b')] },
      tool('b'),
      { role: 'user', content: 'next' },
    ];
    expect(repairHistory(h)).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, toolCalls: [call('a'), call('b')] },
      { role: 'tool', toolCallId: 'a', name: 'echo', content: MISSING_TOOL_RESULT },
      tool('b'),
      { role: 'user', content: 'next' },
    ]);
  });

  it('drops orphan and duplicate tool results', () => {
    const h: ChatMessage[] = [
      tool('x'),
      { role: 'user', content: 'q' },
      tool('y'),
      { role: 'assistant', content: null, toolCalls: [call('a')] },
      tool('a', 'first'),
      tool('a', 'again'),
      tool('zzz'),
    ];
    expect(repairHistory(h)).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, toolCalls: [call('a')] },
      tool('a', 'first'),
    ]);
  });
});
