// Where markdown holds math: the tokenizer finds $…$, $$…$$, \(…\) and \[…\], and leaves prices, escaped dollars and
// code alone. The formula is drawn by a stand-in so the test sees exactly what was recognised.
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { mathExtensions } from '../../src-renderer/src/lib/math-syntax';

const marked = new Marked({ gfm: true });
marked.use({ extensions: mathExtensions((tex, display) => `[${display ? 'D' : 'I'}:${tex}]`) });
const html = (source: string): string => marked.parse(source, { async: false }) as string;

describe('math in markdown', () => {
  it('finds inline and display math in each notation', () => {
    expect(html('Energy $E = mc^2$ here')).toBe('<p>Energy [I:E = mc^2] here</p>\n');
    expect(html('$$\n\\int_0^1 x\\,dx\n$$')).toBe('[D:\\int_0^1 x\\,dx]\n');
    expect(html('\\[a^2\\]')).toBe('[D:a^2]\n');
    expect(html('so \\(a+b\\) and $$c$$ inline')).toBe('<p>so [I:a+b] and [D:c] inline</p>\n');
  });

  it('leaves prices, escaped dollars, empty pairs and code as they are', () => {
    expect(html('it costs $5 and $10.')).toBe('<p>it costs $5 and $10.</p>\n');
    expect(html('a $ b $ c')).toBe('<p>a $ b $ c</p>\n');
    expect(html('\\$x\\$ stays')).toBe('<p>$x$ stays</p>\n');
    expect(html('`$x$` in code')).toBe('<p><code>$x$</code> in code</p>\n');
    expect(html('```\n$$x$$\n```')).toBe('<pre><code>$$x$$\n</code></pre>\n');
    expect(html('$$ $$')).toBe('<p>$$ $$</p>\n');
  });

  it('does not close a formula across lines, nor before a digit', () => {
    expect(html('$a\nb$')).toBe('<p>$a\nb$</p>\n');
    expect(html('$x$5')).toBe('<p>$x$5</p>\n');
  });
});
