// Markdown rendering (the marked stage that runs without a DOM): raw HTML is shown as text, only
// http(s)/mailto links survive, code blocks get a copy button with escaped code and, once the lazy
// highlighter is loaded, syntax colours; task lists get labelled read-only checkboxes; tables scroll.
import { describe, expect, it } from 'vitest';
import { highlighterVersion, loadHighlighter } from '../../src-renderer/src/lib/highlight';
import { isSafeExternalUrl, markdownToHtml } from '../../src-renderer/src/lib/markdown';

describe('markdown', () => {
  it('escapes raw HTML instead of interpreting it', () => {
    const html = markdownToHtml('hi <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('hides HTML comments in documents (block, inline, multi-line, unclosed) but not in code; chat shows them as text', () => {
    const doc = '# About\n\n<!-- Write a few lines\n     about yourself. -->\n\nExample:\n<!-- - a task line --> kept\n\n`<!-- code -->`\n\n```\n<!-- fenced -->\n```\n\n<!-- never closed\nrest';
    const html = markdownToHtml(doc, { hideComments: true });
    expect(html).not.toContain('Write a few lines');
    expect(html).not.toContain('a task line');
    expect(html).not.toContain('never closed');
    expect(html).not.toContain('rest');
    expect(html).toContain('<h1>About</h1>');
    expect(html).toContain('kept');
    expect(html).toContain('<code>&lt;!-- code --&gt;</code>');
    expect(html).toContain('&lt;!-- fenced --&gt;');
    expect(markdownToHtml('<!-- a --> <b>x</b>', { hideComments: true })).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(markdownToHtml('note <!-- hidden? -->')).toContain('&lt;!-- hidden? --&gt;');
  });

  it('keeps http(s) links, marked for the system browser, and drops javascript: links', () => {
    expect(markdownToHtml('[site](https://example.test/a?b=1)')).toBe(
      '<p><a href="https://example.test/a?b=1" title="Opens example.test" data-external-link="" rel="noreferrer noopener">site</a></p>\n',
    );
    const evil = markdownToHtml('[click](javascript:alert(1))');
    expect(evil).not.toContain('href');
    expect(evil).toContain('<span class="link-blocked">click</span>');
    expect(isSafeExternalUrl('mailto:me@example.test')).toBe(true);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
  });

  it('renders code blocks with a language label, a copy button and escaped code (plain until the highlighter is in)', () => {
    expect(highlighterVersion()).toBe(0);
    const html = markdownToHtml('```ts\nconst a = "<b>";\n```');
    expect(html).toContain('<span class="code-lang">ts</span>');
    expect(html).toContain('data-copy-code=""');
    expect(html).toContain('<pre tabindex="0"><code>const a = &quot;&lt;b&gt;&quot;;</code></pre>');
  });

  it('colours code once the highlighter has loaded, still escaping it; unknown languages stay plain', async () => {
    await loadHighlighter();
    expect(highlighterVersion()).toBe(1);
    const html = markdownToHtml('```ts\nconst a = "<img src=x onerror=alert(1)>";\n```');
    expect(html).toContain('<code class="hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;&lt;img src=x onerror=alert(1)&gt;&quot;</span>;</code>');
    expect(html).not.toContain('<img');
    expect(markdownToHtml('```nosuchlang\n<b>x</b>\n```')).toContain('<code>&lt;b&gt;x&lt;/b&gt;</code>');
  });

  it('renders task lists as labelled read-only checkboxes', () => {
    const html = markdownToHtml('- [x] milk\n- [ ] bread');
    expect(html).toContain('<li class="task-item"><input type="checkbox" disabled="" checked="" aria-label="Done"> milk</li>');
    expect(html).toContain('<li class="task-item"><input type="checkbox" disabled="" aria-label="Not done"> bread</li>');
  });

  it('puts tables in a box the keyboard can scroll', () => {
    const html = markdownToHtml('| a | b |\n| - | - |\n| 1 | 2 |');
    expect(html.startsWith('<div class="table-wrap" tabindex="0"><table>')).toBe(true);
    expect(html).toContain('<td>1</td>');
  });

  it('does not load remote images (shows a link instead)', () => {
    expect(markdownToHtml('![cat](https://example.test/cat.png)')).toBe(
      '<p><a href="https://example.test/cat.png" data-external-link="" rel="noreferrer noopener">cat</a></p>\n',
    );
  });
});
