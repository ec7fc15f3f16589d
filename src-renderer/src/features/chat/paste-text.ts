// Long pasted text and attached text files as chips: a paste past a few screens becomes a chip instead of filling the
// box; a file goes under its name and size in a fence its own text cannot close. The message is the typed text
// followed by each, and its length against the limit is known before sending.
import { LIMITS } from '@contract/limits';
import { revealInvisible } from '@contract/visible-text';

/** A paste longer than this (or with more lines) becomes a chip. */
export const CHIP_MIN_CHARS = 2_000;
export const CHIP_MIN_LINES = 40;
/** From this share of the limit on, the length is shown under the box. */
const SHOW_FROM = 0.75;

export interface Paste {
  id: string;
  text: string;
  /** Set when the text came from a file (a PDF's is its extracted text). */
  file?: { name: string; bytes: number; pages?: number };
}

export function isLongPaste(text: string): boolean {
  return text.length > CHIP_MIN_CHARS || text.split('\n').length > CHIP_MIN_LINES;
}

/** `12.5 KB` in any language: what the model reads of a file's size. */
function plainBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file's name as the model and the user see it: on one line, every character nobody sees shown as `\u{…}`. Only
 * C0 controls were blanked before; U+2028, NEL (U+0085) and bidi overrides went through, so a name could start a
 * new line of the message for the model or read backwards on the chip (`invoice\u{202e}fdp.exe`).
 */
export function fileName(name: string): string {
  return revealInvisible(name.replace(/[\n\t]/g, ' '));
}

/** A file as the model reads it: its name and size, then its text in a fence longer than any inside. */
export function fileBlock(file: NonNullable<Paste['file']>, text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const what = file.pages ? `PDF, ${file.pages} page${file.pages === 1 ? '' : 's'}, ${plainBytes(file.bytes)}; its text` : plainBytes(file.bytes);
  const name = fileName(file.name);
  return `Attached file: ${name} (${what})\n${fence}\n${text}\n${fence}`;
}

/** What is sent: the typed text, then every paste and file, each on its own paragraph. */
export function composeMessage(typed: string, pastes: readonly Paste[]): string {
  const parts = pastes.map((p) => (p.file ? fileBlock(p.file, p.text) : p.text));
  return [typed.trim(), ...parts].filter((part) => part.trim() !== '').join('\n\n');
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
