// Text from the model, tools or files made safe for a terminal: control characters and escape sequences
// (OSC 52 clipboard writes, title changes, clear screen, cursor moves, C1 controls) and bidi overrides are
// shown escaped (`\x1b]52;…`, `\u{202e}`), never executed. Newlines, tabs and CRLF line ends stay.

/** C0 controls but tab and newline, DEL, C1 controls, and the bidi embedding/override/isolate marks. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** `text` with every unsafe character replaced by its visible escape (a CR right before LF is kept). */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c, at: number, whole: string) => (c === '\r' && whole[at + 1] === '\n' ? c : escapeChar(c)));
}
