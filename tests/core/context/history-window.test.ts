import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';
import { MISSING_TOOL_RESULT } from '../../../src-main/core/context/stored-history';
import { fitHistoryToWindow, historyUnits, requestBudget } from '../../../src-main/core/context/history-window';
import { loadTokenizer, messagesTokens } from '../../../src-main/core/context/token-estimate';
import { assistant, toolCall, toolResult, user } from './context-fixtures';

const words = (n: number) => 'word '.repeat(n).trim();

// Exact counts need the tokenizer (loaded lazily in the app, only when the byte bound does not fit).
beforeAll(() => loadTokenizer());

describe('history window', () => {
  it('computes the request budget as window - maxTokens - margin', () => {
    expect(requestBudget(200_000, 8192, 1024)).toBe(190_784);
    expect(requestBudget(4096, 8192)).toBe(0);
  });

  it('keeps an assistant tool call and its results together', () => {
    const history: ChatMessage[] = [
      user('q1'),
      toolCall('c1'),
      toolResult('c1', 'r1'),
      assistant('a1'),
      user('q2'),
      { role: 'assistant', content: null, toolCalls: [{ id: 'c2', name: 'exec', arguments: '{}' }, { id: 'c3', name: 'exec', arguments: '{}' }] },
      toolResult('c2', words(300), 'exec'),
      toolResult('c3', 'short', 'exec'),
      assistant('a2'),
      user('q3'),
    ];
    expect(historyUnits(history).map((u) => u.length)).toEqual([1, 2, 1, 1, 3, 1, 1]);
    // A budget that fits the last three units but not the whole 3-message tool unit must drop it whole,
    // and then start at the next user message.
    const tail = messagesTokens([assistant('a2'), user('q3')]);
    const fit = fitHistoryToWindow(history, tail + 50);
    expect(fit.messages).toEqual([user('q3')]);
    const all = fitHistoryToWindow(history, 100_000);
    expect(all.messages).toEqual(history);
    expect(all.dropped).toBe(0);
    for (let budget = 0; budget < messagesTokens(history) + 10; budget += 7) {
      const m = fitHistoryToWindow(history, budget).messages;
      for (let i = 0; i < m.length; i++) {
        const msg = m[i]!;
        if (msg.role === 'tool') expect(m.slice(0, i).some((p) => p.role === 'assistant' && p.toolCalls?.some((c) => c.id === msg.toolCallId))).toBe(true);
        if (msg.role === 'assistant' && msg.toolCalls) for (const c of msg.toolCalls) expect(m.some((t) => t.role === 'tool' && t.toolCallId === c.id)).toBe(true);
      }
    }
  });

  it('never exceeds the budget and always keeps the newest question', () => {
    const history: ChatMessage[] = [];
    for (let i = 0; i < 50; i++) history.push(user(`q${i} ${words(50)}`), assistant(`a${i} ${words(50)}`));
    history.push(user('newest'));
    for (const budget of [20, 100, 500, 2_000]) {
      const fit = fitHistoryToWindow(history, budget);
      expect(messagesTokens(fit.messages)).toBeLessThanOrEqual(Math.max(budget, messagesTokens([user('newest')])));
      expect(fit.messages[fit.messages.length - 1]).toEqual(user('newest'));
      expect(fit.messages[0]!.role).toBe('user');
    }
  });

  it('keeps at most maxMessages, starting at a question, but never cuts into the newest question\'s turn', () => {
    const history: ChatMessage[] = [];
    for (let i = 0; i < 30; i++) history.push(user(`q${i}`), toolCall(`c${i}`), toolResult(`c${i}`, `r${i}`), assistant(`a${i}`));
    const fit = fitHistoryToWindow(history, 100_000, undefined, 10);
    expect(fit.messages).toEqual(history.slice(-8)); // two whole exchanges: a third would make 12
    expect(fit.dropped).toBe(history.length - 8);
    // A last turn longer than the cap is sent whole (its question first), nothing older.
    const long: ChatMessage[] = [user('old'), assistant('old answer'), user('newest')];
    for (let i = 0; i < 6; i++) long.push(toolCall(`d${i}`), toolResult(`d${i}`, `s${i}`));
    expect(fitHistoryToWindow(long, 100_000, undefined, 10).messages).toEqual(long.slice(2));
    // The token budget still applies below the cap.
    expect(fitHistoryToWindow(history, messagesTokens(history.slice(-4)), undefined, 10).messages).toEqual(history.slice(-4));
  });

  it('cuts a single question that is larger than the budget', () => {
    const fit = fitHistoryToWindow([user(words(5_000))], 200);
    expect(fit.messages).toHaveLength(1);
    expect(messagesTokens(fit.messages)).toBeLessThanOrEqual(200);
    expect(String(fit.messages[0]!.content).endsWith('[... message cut to fit the context window]')).toBe(true);
  });

  it('repairs a tool call whose result is missing and drops orphan results', () => {
    const fit = fitHistoryToWindow([user('q'), toolCall('c1'), toolResult('zz', 'orphan'), user('again')], 10_000);
    expect(fit.messages).toEqual([
      user('q'),
      toolCall('c1'),
      { role: 'tool', toolCallId: 'c1', name: 'read_file', content: MISSING_TOOL_RESULT },
      user('again'),
    ]);
  });
});
