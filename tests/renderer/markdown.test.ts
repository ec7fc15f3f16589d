// Markdown rendering (the marked stage that runs without a DOM): raw HTML is shown as text, only
// http(s)/mailto links survive, code blocks get a copy button with escaped code.
import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, markdownToHtml } from '../../src-renderer/src/lib/markdown';

describe('markdown', () => {
  it('escapes raw HTML instead of interpreting it', () => {
    const html = markdownToHtml('hi <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps http(s) links, marked for the system browser, and drops javascript: links', () => {
    expect(markdownToHtml('[site](https://example.test/a?b=1)')).toBe(
      '<p><a href="https://example.test/a?b=1" data-external-link="" rel="noreferrer noopener">site</a></p>\n',
    );
    const evil = markdownToHtml('[click](javascript:alert(1))');
    expect(evil).not.toContain('href');
    expect(evil).toContain('<span class="link-blocked">click</span>');
    expect(isSafeExternalUrl('mailto:me@example.test')).toBe(true);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
  });

  it('renders code blocks with a language label, a copy button and escaped code', () => {
    const html = markdownToHtml('```ts\nconst a = "<b>";\n```');
    expect(html).toContain('<span class="code-lang">ts</span>');
    expect(html).toContain('data-copy-code=""');
    expect(html).toContain('<code>const a = &quot;&lt;b&gt;&quot;;</code>');
  });

  it('does not load remote images (shows a link instead)', () => {
    expect(markdownToHtml('![cat](https://example.test/cat.png)')).toBe(
      '<p><a href="https://example.test/cat.png" data-external-link="" rel="noreferrer noopener">cat</a></p>\n',
    );
  });
});
