// Attacks on the math in answers (no DOM needed): a hijacked model writes TeX meant to crash the chat, loop KaTeX,
// reach links, classes or styles of its own, or place paint far outside the formula. Each must leave a message that
// renders, with the formula drawn harmlessly or shown as its source.
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownToHtml } from '../../src-renderer/src/lib/markdown';
import { loadMath } from '../../src-renderer/src/lib/math';

/** Every `style="…"` value in the HTML. */
function styles(html: string): string[] {
  return [...html.matchAll(/style="([^"]*)"/g)].map((m) => m[1]!);
}

describe('hostile math', () => {
  beforeAll(async () => {
    await loadMath();
  });

  it.each([
    ['braces', `${'{'.repeat(2400)}x${'}'.repeat(2400)}`],
    ['boxes', `${'\\boxed{'.repeat(600)}x${'}'.repeat(600)}`],
    ['superscripts', `${'x^{'.repeat(1200)}x${'}'.repeat(1200)}`],
  ])('nesting %s past the parser stack (a RangeError in KaTeX) shows the source instead of crashing the message', (_name, tex) => {
    const html = markdownToHtml(`Before\n\n$$${tex}$$\n\nAfter`, { finished: true });
    expect(html).toContain('<code class="math-source">$$');
    expect(html).toContain('After');
  });

  it('a long formula, and formulas past the message budget, stay source: the window does not freeze drawing them', () => {
    const long = `$$${'x+'.repeat(1300)}y$$`;
    expect(markdownToHtml(long, { finished: true })).toMatch(/^<code class="math-source">\$\$x\+x/);
    const many = Array.from({ length: 12 }, (_, i) => `$$${'a+'.repeat(700)}${i}$$`).join('\n\n');
    const html = markdownToHtml(many, { finished: true });
    expect(html.match(/class="katex-display"/g)?.length).toBe(10); // 10 × 1,400 characters fit 15,000
    expect(html.match(/class="math-source"/g)?.length).toBe(2);
    // each message has its own budget
    expect(markdownToHtml('$$a+b$$', { finished: true })).toContain('katex-display');
  });

  it('a self-expanding macro stops at the expansion bound', () => {
    const html = markdownToHtml('$\\def\\a{\\a\\a}\\a$ and $\\gdef\\b#1{\\b{#1#1}}\\b{x}$ end', { finished: true });
    expect(html).toContain(' end');
    expect(html).toContain('katex-error');
  });

  it('a macro one formula defines (even with \\gdef) does not exist in the next', () => {
    const html = markdownToHtml('$\\gdef\\approve{\\text{Allowed}}$ then $\\approve$', { finished: true });
    expect(html.match(/Allowed/g)?.length ?? 0).toBe(1); // only in the first formula's own source (its annotation)
    // strict: 'ignore' draws an unknown command as red text: its name, not the definition
    expect(html).toContain('<span class="mord" style="color:#cc0000;">\\approve</span>');
  });

  it('trust-only commands stay text: no link, picture, class or style of the model’s own', () => {
    const html = markdownToHtml(
      '$\\href{javascript:alert(1)}{a}\\url{https://evil.example/}\\includegraphics{https://evil.example/p.png}' +
        '\\htmlClass{approval-card}{b}\\htmlStyle{position:fixed;top:0}{c}\\htmlId{root}{d}\\htmlData{x=y}{e}$',
      { finished: true },
    );
    expect(html).not.toMatch(/<a |<img |src=|href=| id=|data-x=|class="[^"]*approval-card/);
    for (const style of styles(html)) expect(style).not.toMatch(/position|url\(|top:/);
  });

  it('colours cannot carry more CSS than a colour', () => {
    const html = markdownToHtml('$\\color{red;position:fixed}{x}\\textcolor{#fff;top:0}{y}\\colorbox{red;z-index:9}{z}$', { finished: true });
    for (const style of styles(html)) expect(style).not.toMatch(/position|top:0|z-index/);
  });
});
