// Long pasted text as an attachment: a paste past a few screens becomes a chip instead of filling the box, the message
// is the typed text followed by each paste, and its length against the limit is known before sending.
import { LIMITS } from '@contract/limits';

/** A paste longer than this (or with more lines) becomes a chip. */
export const CHIP_MIN_CHARS = 2_000;
export const CHIP_MIN_LINES = 40;
/** From this share of the limit on, the length is shown under the box. */
const SHOW_FROM = 0.75;

export interface Paste {
  id: string;
  text: string;
}

export function isLongPaste(text: string): boolean {
  return text.length > CHIP_MIN_CHARS || text.split('\n').length > CHIP_MIN_LINES;
}

/** What is sent: the typed text, then every paste, each on its own paragraph. */
export function composeMessage(typed: string, pastes: readonly Paste[]): string {
  return [typed.trim(), ...pastes.map((p) => p.text)].filter((part) => part.trim() !== '').join('\n\n');
}

/** How the message's length stands: `ok` (nothing to say), `near` the limit (show it), or `over` it (cannot send). */
export function lengthState(length: number, limit: number = LIMITS.textChars): 'ok' | 'near' | 'over' {
  if (length > limit) return 'over';
  return length >= limit * SHOW_FROM ? 'near' : 'ok';
}

/** `300 lines · 12,340 characters` parts of a chip. */
export function pasteSize(text: string): { lines: number; chars: number } {
  return { lines: text.split('\n').length, chars: text.length };
}
