// Keeps a running turn inside the context window: when tool results pile up within one turn, the oldest
// results in the request are replaced by a short note (the stored history keeps them in full).
import type { ChatMessage } from '../model/chat-message';
import { loadTokenizer, messageTokens, messageTokensUpperBound } from './token-estimate';

export const OMITTED_RESULT_NOTE = (chars: number): string =>
  `[tool result of ${chars} characters omitted from this request to stay inside the context window; call the tool again if you still need it]`;

/**
 * Resolves to `messages` unchanged when they fit `budgetTokens`; otherwise a copy in which the oldest tool
 * results (never those of the latest tool batch) are replaced by a note until it fits or none are left.
 */
export async function fitTurnToWindow(messages: readonly ChatMessage[], budgetTokens: number): Promise<ChatMessage[]> {
  let bound = 0;
  for (const m of messages) bound += messageTokensUpperBound(m);
  if (bound <= budgetTokens) return messages as ChatMessage[];
  await loadTokenizer(); // the byte bound does not fit: count exactly
  let total = 0;
  for (const m of messages) total += messageTokens(m);
  if (total <= budgetTokens) return messages as ChatMessage[];

  const out = [...messages];
  // The latest batch of tool results is what the model must answer; it stays whole.
  let lastAssistant = out.length - 1;
  while (lastAssistant >= 0 && out[lastAssistant]!.role !== 'assistant') lastAssistant--;
  for (let i = 0; i < lastAssistant && total > budgetTokens; i++) {
    const m = out[i]!;
    if (m.role !== 'tool' || m.content.startsWith('[tool result of ')) continue;
    const replaced: ChatMessage = { ...m, content: OMITTED_RESULT_NOTE(m.content.length) };
    total -= messageTokens(m) - messageTokens(replaced);
    out[i] = replaced;
  }
  return out;
}

