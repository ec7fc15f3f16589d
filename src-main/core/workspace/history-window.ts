// Fits a chat history into a token budget: drops the oldest messages first, never separating an assistant
// tool call from its results, and repairs histories where a result is missing.
import type { ChatMessage } from '../agent/chat-message';
import { repairHistory } from '../store/messages.repo';
import { countTokens, messageTokens } from './token-estimate';

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

/** Cuts the text of a user message so it costs at most `budget` tokens. */
function shrinkUserMessage(message: ChatMessage & { role: 'user' }, budget: number): ChatMessage {
  const text = typeof message.content === 'string'
    ? message.content
    : message.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  let keep = Math.max(0, budget * 3 - TRUNCATION_NOTE.length);
  let cut: ChatMessage = { role: 'user', content: text.slice(0, keep) + TRUNCATION_NOTE };
  while (keep > 0 && messageTokens(cut) > budget) {
    keep = Math.floor(keep * 0.8);
    cut = { role: 'user', content: text.slice(0, keep) + TRUNCATION_NOTE };
  }
  return cut;
}

/**
 * The newest part of `history` that costs at most `budget` tokens. Units are kept whole; the kept part
 * starts at a user message when one is available, and the newest user message is always kept (cut to the
 * budget if it alone is too big). Runs from the newest end, so a long history costs only what fits.
 */
export function fitHistoryToWindow(history: readonly ChatMessage[], budget: number): WindowedHistory {
  const repaired = repairHistory([...history]);
  const units = historyUnits(repaired);
  let lastUser = -1;
  for (let u = units.length - 1; u >= 0; u--) {
    if (units[u]![0]!.role === 'user') {
      lastUser = u;
      break;
    }
  }
  let used = 0;
  let start = units.length;
  const costs: number[] = [];
  for (let u = units.length - 1; u >= 0; u--) {
    let cost = 0;
    for (const m of units[u]!) cost += messageTokens(m);
    costs[u] = cost;
    if (used + cost > budget) break;
    used += cost;
    start = u;
  }
  // Prefer to begin at a user message (a reply without its question confuses models).
  while (start < units.length && start !== lastUser && units[start]![0]!.role !== 'user') {
    used -= costs[start]!;
    start++;
  }
  let kept = units.slice(start).flat();
  if (lastUser >= 0 && start > lastUser) {
    // Even the newest question does not fit: send it cut down, with what came after it when possible.
    const tail = units.slice(lastUser + 1).flat();
    const tailTokens = tail.reduce((n, m) => n + messageTokens(m), 0);
    const question = units[lastUser]![0] as ChatMessage & { role: 'user' };
    const room = Math.max(16, budget - (tailTokens <= budget / 2 ? tailTokens : 0));
    kept = [shrinkUserMessage(question, room), ...(tailTokens <= budget / 2 ? tail : [])];
    start = lastUser;
    used = kept.reduce((n, m) => n + messageTokens(m), 0);
  }
  return { messages: kept, dropped: repaired.length - kept.length, tokens: used };
}

/** Tokens of a plain text block (re-exported for callers that size prompt sections). */
export function textTokens(text: string): number {
  return countTokens(text);
}
