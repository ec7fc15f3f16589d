// Exact token counts already known for message objects (read with the stored row, or counted once), by identity:
// a cold process fits a long session into the window from the stored counts, without loading the tokenizer.
import type { ChatMessage } from './chat-message';

const known = new WeakMap<ChatMessage, number>();

/** Records the exact count of `message` (messages are never changed in place, so it stays true). */
export function rememberTokens(message: ChatMessage, tokens: number): void {
  known.set(message, tokens);
}

/** The exact count of `message` when it is known. */
export function knownTokens(message: ChatMessage): number | undefined {
  return known.get(message);
}
