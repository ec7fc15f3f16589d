// terminalSafe: controls, C1 and bidi marks become visible escapes; text, newlines, tabs and CRLF stay.
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../src-main/host/cli/terminal-text';

describe('terminalSafe', () => {
  it.each([
    ['plain text, ünïcödé and emoji 👩‍👩‍👧', 'plain text, ünïcödé and emoji 👩‍👩‍👧'],
    ['a\n\tb\r\nc', 'a\n\tb\r\nc'],
    ['\x1b]52;c;aGk=\x07', '\\x1b]52;c;aGk=\\x07'],
    ['\x1b[2J\x1b[H', '\\x1b[2J\\x1b[H'],
    ['over\rwrite', 'over\\x0dwrite'],
    ['\u009b1A \u0085', '\\x9b1A \\x85'],
    ['\u202eabc\u2066\u200f', '\\u{202e}abc\\u{2066}\\u{200f}'],
    ['del\x7f bell\x07 nul\x00', 'del\\x7f bell\\x07 nul\\x00'],
  ])('%j → %j', (input, shown) => expect(terminalSafe(input)).toBe(shown));
});
