// Text a server wrote (progress messages, elicitation prompts, field titles) made fit to show: no terminal escape
// sequences, no control or bidi characters, no known secret, bounded.
import { scrubSecrets } from '../lib/known-secrets';

/* eslint-disable no-control-regex */
const ESCAPE_SEQUENCES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?/g;
const CONTROLS_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g;
/* eslint-enable no-control-regex */

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Several lines of server text (newlines kept, at most `max` characters). */
export function cleanServerText(text: string, max: number): string {
  const clean = scrubSecrets(text).replace(ESCAPE_SEQUENCES, '').replace(/\r\n?/g, '\n').replace(CONTROLS_EXCEPT_NEWLINE, ' ');
  return cut(clean.replace(/\n{3,}/g, '\n\n').trim(), max);
}

/** One line of server text (at most `max` characters). */
export function cleanServerLine(text: string, max: number): string {
  return cut(cleanServerText(text, Number.MAX_SAFE_INTEGER).replace(/\s+/g, ' ').trim(), max);
}
