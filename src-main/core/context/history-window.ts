// Fits a chat history into a token budget: drops the oldest messages first, never separating an assistant
// tool call from its results, and repairs histories where a result is missing.
import type { ChatMessage } from '../model/chat-message';
import { repairHistory } from './stored-history';
import { messageTokens } from './token-estimate';

export interface WindowedHistory {
  messages: ChatMessage[];
  /** Messages left out at the start. */
  dropped: number;
  tokens: number;
}

/** Tokens reserved beside the history for the per-turn runtime note and rounding. */
export const WINDOW_SAFETY_MARGIN_TOKENS = 1024;

/** `contextWindowTokens - maxTokens - margin`: what one request may carry at most. */
export function requestBudget(contextWindowTokens: number, maxTokens: number, marginTokens = WINDOW_SAFETY_MARGIN_TOKENS): number {
  return Math.max(0, contextWindowTokens - maxTokens - marginTokens);
}

/**
 * Splits a (repaired) history into units that must stay together: an assistant message with tool calls
 * plus its tool results is one unit; every other message is a unit of its own.
 */
export function historyUnits(messages: readonly ChatMessage[]): ChatMessage[][] {
  const units: ChatMessage[][] = [];
  for (const m of messages) {
    const last = units[units.length - 1];
    if (m.role === 'tool' && last && last[0]?.role === 'assistant' && last[0].toolCalls?.length) last.push(m);
    else units.push([m]);
  }
  return units;
}

const TRUNCATION_NOTE = '\n\n[... message cut to fit the context window]';

/** What a message costs in the window: messageTokens (exact), or an upper bound when the tokenizer is not loaded. */
export type MessageCost = (message: ChatMessage) => number;

/** Cuts the text of a user message so it costs at most `budget` tokens. */
function shrinkUserMessage(message: ChatMessage & { role: 'user' }, budget: number, cost: MessageCost): ChatMessage {
  const text = typeof message.content === 'string'
    ? message.content
    : message.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  let keep = Math.max(0, budget * 3 - TRUNCATION_NOTE.length);
  let cut: ChatMessage = { role: 'user', content: text.slice(0, keep) + TRUNCATION_NOTE };
  while (keep > 0 && cost(cut) > budget) {
    keep = Math.floor(keep * 0.8);
    cut = { role: 'user', content: text.slice(0, keep) + TRUNCATION_NOTE };
  }
  return cut;
}

/** True when every tool call is answered right after it and no tool message is an orphan (no copy made). */
export function isWellFormedHistory(history: readonly ChatMessage[]): boolean {
  for (let i = 0; i < history.length; i++) {
    const m = history[i]!;
    if (m.role === 'tool') return false; // reached only when not consumed by a call below
    if (m.role !== 'assistant' || !m.toolCalls?.length) continue;
    for (const call of m.toolCalls) {
      const next = history[++i];
      if (!next || next.role !== 'tool' || next.toolCallId !== call.id) return false;
    }
  }
  return true;
}

/** Index where the unit ending just before `end` starts (a tool result belongs to its assistant call). */
function unitStart(messages: readonly ChatMessage[], end: number): number {
  let j = end - 1;
  while (j > 0 && messages[j]!.role === 'tool') j--;
  return j;
}

function rangeTokens(messages: readonly ChatMessage[], from: number, to: number, cost: MessageCost): number {
  let n = 0;
  for (let k = from; k < to; k++) n += cost(messages[k]!);
  return n;
}

/**
 * The newest part of `history` that costs at most `budget` tokens. Units are kept whole; the kept part
 * starts at a user message when one is available, and the newest user message is always kept (cut to the
 * budget if it alone is too big). Walks from the newest end by index, so a long, well-formed history
 * costs one validity pass plus the counting of what fits. `cost` is exact by default (the tokenizer loaded);
 * an upper bound keeps the result inside the budget too, only with less history. At most `maxMessages` are kept
 * (`agent.maxHistoryMessages`), except that the newest question and what followed it are never left out for it.
 */
export function fitHistoryToWindow(
  history: readonly ChatMessage[],
  budget: number,
  cost: MessageCost = messageTokens,
  maxMessages = Number.POSITIVE_INFINITY,
): WindowedHistory {
  const messages = isWellFormedHistory(history) ? history : repairHistory([...history]);
  let lastUser = -1;
  for (let k = messages.length - 1; k >= 0; k--) {
    if (messages[k]!.role === 'user') {
      lastUser = k;
      break;
    }
  }
  let used = 0;
  let start = messages.length;
  while (start > 0) {
    const from = unitStart(messages, start);
    const unit = rangeTokens(messages, from, start, cost);
    if (used + unit > budget) break;
    // The message cap never cuts into the newest question's turn (it counts from there back), nor sends nothing.
    if (start < messages.length && (lastUser < 0 || start <= lastUser) && messages.length - from > maxMessages) break;
    used += unit;
    start = from;
  }
  // Prefer to begin at a user message (a reply without its question confuses models).
  while (lastUser >= 0 && start < messages.length && start !== lastUser && messages[start]!.role !== 'user') {
    let next = start + 1;
    while (next < messages.length && messages[next]!.role === 'tool') next++;
    used -= rangeTokens(messages, start, next, cost);
    start = next;
  }
  if (lastUser >= 0 && start > lastUser) {
    // Even the newest question does not fit: send it cut down, with what came after it when possible.
    const tail = messages.slice(lastUser + 1);
    const tailTokens = rangeTokens(tail, 0, tail.length, cost);
    const keepTail = tailTokens <= budget / 2;
    const question = messages[lastUser] as ChatMessage & { role: 'user' };
    const kept = [shrinkUserMessage(question, Math.max(16, budget - (keepTail ? tailTokens : 0)), cost), ...(keepTail ? tail : [])];
    return { messages: kept, dropped: messages.length - kept.length, tokens: rangeTokens(kept, 0, kept.length, cost) };
  }
  return { messages: messages.slice(start), dropped: start, tokens: used };
}

