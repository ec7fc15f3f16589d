// revealInvisible: what an approval card shows for characters a person cannot see.
import { describe, expect, it } from 'vitest';
import { revealInvisible } from '../../src-preload/contract/visible-text';

describe('revealInvisible', () => {
  it.each([
    ['bidi override', 'a\u202eb', 'a\\u{202e}b'],
    ['isolates', '\u2066x\u2069', '\\u{2066}x\\u{2069}'],
    ['zero-width space and joiner', 'a\u200bb\u200dc', 'a\\u{200b}b\\u{200d}c'],
    ['escape and carriage return', '\u001b]52;c;x\u0007\r', '\\u{1b}]52;c;x\\u{7}\\u{d}'],
    ['line separator', 'a\u2028b', 'a\\u{2028}b'],
    ['byte order mark and soft hyphen', '\ufeffx\u00ady', '\\u{feff}x\\u{ad}y'],
  ])('shows %s', (_what, text, shown) => {
    expect(revealInvisible(text)).toBe(shown);
  });

  it('keeps newlines, tabs and visible Unicode (accents, CJK, emoji)', () => {
    const text = 'café\t記憶\n🙂 — ok';
    expect(revealInvisible(text)).toBe(text);
  });
});
