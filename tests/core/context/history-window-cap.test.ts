// fitHistoryToWindow under agent.maxHistoryMessages, at the edges: exactly the cap, and a history without a question.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../../src-main/core/context/token-estimate';
beforeAll(() => loadTokenizer());
import { fitHistoryToWindow } from '../../../src-main/core/context/history-window';
import { assistant, toolCall, toolResult, user } from './context-fixtures';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';

describe('fitHistoryToWindow with a message cap', () => {
  it('keeps exactly the cap when units allow, starting at a question, with the newest question', () => {
    const h: ChatMessage[] = [];
    for (let i = 0; i < 20; i++) h.push(user(`q${i}`), assistant(`a${i}`));
    h.push(user('newest'));
    const fit = fitHistoryToWindow(h, 1_000_000, undefined, 10);
    expect(fit.messages.length).toBeLessThanOrEqual(10);
    expect(fit.messages[0]!.role).toBe('user');
    expect(fit.messages.at(-1)!.content).toBe('newest');
    expect(fit.dropped + fit.messages.length).toBe(h.length);
  });

  it('a history without a question (only announcements and tool rounds) still sends its newest messages', () => {
    const h: ChatMessage[] = [{ role: 'system', content: 'announcement' } as ChatMessage];
    h.push({ ...toolCall('c0'), toolCalls: Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, name: 'read_file', arguments: '{}' })) } as ChatMessage);
    for (let i = 0; i < 12; i++) h.push(toolResult(`c${i}`, `r${i}`));
    const fit = fitHistoryToWindow(h, 1_000_000, undefined, 10);
    expect(fit.messages.length).toBeGreaterThan(0);
  });
});
