// Text from the model made honest to look at (approval cards, pastes, notification titles): characters a person cannot see —
// controls, zero-width and bidi marks (U+202E reorders what follows), line separators — are shown as `\u{…}`.

/** Controls (but newline and tab), format characters (zero-width, bidi, soft hyphen, BOM) and the line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** How many characters of `text` nobody sees (newlines and tabs are seen). */
export function countInvisible(text: string): number {
  let n = 0;
  for (const [c] of text.matchAll(INVISIBLE)) if (c !== '\n' && c !== '\t') n++;
  return n;
}

/** `text` with every invisible character replaced by its visible escape; newlines and tabs stay. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => (c === '\n' || c === '\t' ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`));
}
