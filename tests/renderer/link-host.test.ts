// Links in answers say where they go (issue 25, item 11): the host of the target, the host a link's text names, and
// the links whose text names another host than they open (marked so the window asks before opening them).
import { describe, expect, it } from 'vitest';
import { misleadingLink, namedHost, targetHost } from '../../src-renderer/src/lib/link-host';
import { markdownToHtml } from '../../src-renderer/src/lib/markdown';

describe('targetHost', () => {
  it.each([
    ['https://evil.example/login', 'evil.example'],
    ['HTTP://Docs.GitHub.com:8080/x', 'docs.github.com'],
    ['https://p\u0430ypal.com/', 'xn--pypal-4ve.com'],
    ['mailto:me@example.test', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s → %s', (href, host) => {
    expect(targetHost(href)).toBe(host);
  });
});

describe('namedHost', () => {
  it.each([
    ['paypal.com', 'paypal.com'],
    ['www.paypal.com/login', 'www.paypal.com'],
    ['**paypal.com**', 'paypal.com'],
    ['https://paypal.com/account', 'paypal.com'],
    ['Log in at https://paypal.com now', 'paypal.com'],
    ['p\u0430ypal.com', 'xn--pypal-4ve.com'],
    ['the docs', null],
    ['click here', null],
    ['version 1.2.3', null],
  ])('%j → %s', (text, host) => {
    expect(namedHost(text)).toBe(host);
  });
});

describe('misleadingLink', () => {
  it.each([
    ['paypal.com', 'https://evil.example/', { named: 'paypal.com', target: 'evil.example' }],
    ['https://paypal.com/login', 'https://paypal.com.evil.example/login', { named: 'paypal.com', target: 'paypal.com.evil.example' }],
    ['paypal.com', 'https://p\u0430ypal.com/', { named: 'paypal.com', target: 'xn--pypal-4ve.com' }],
    ['https://paypal.com@evil.example/', 'https://paypal.com@evil.example/', { named: 'paypal.com', target: 'evil.example' }],
  ])('%j → %s is misleading', (text, href, expected) => {
    expect(misleadingLink(text, href)).toEqual(expected);
  });

  it.each([
    ['github.com', 'https://github.com/x'],
    ['github.com', 'https://docs.github.com/x'],
    ['www.example.org', 'https://example.org/'],
    ['the docs', 'https://evil.example/'],
    ['https://example.org', 'https://example.org/path'],
    ['paypal.com', 'mailto:x@evil.example'],
  ])('%j → %s is not', (text, href) => {
    expect(misleadingLink(text, href)).toBeNull();
  });
});

describe('links in rendered markdown', () => {
  it('names the host of every link in its title, before the title the model gave', () => {
    expect(markdownToHtml('[docs](https://docs.example.org/a "Read me")')).toContain('title="Opens docs.example.org\nRead me"');
  });

  it('marks a link whose text names another host with both hosts', () => {
    const html = markdownToHtml('[paypal.com](https://evil.example/login)');
    expect(html).toContain('data-link-host="evil.example"');
    expect(html).toContain('data-named-host="paypal.com"');
  });

  it('does not mark a plain link', () => {
    expect(markdownToHtml('[the docs](https://evil.example/)')).not.toContain('data-named-host');
    expect(markdownToHtml('see https://example.org/x')).not.toContain('data-named-host');
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<b>x</b>', 'vbscript:msgbox', '//evil.example/x', 'nanotray://x'])(
    'still blocks %s',
    (href) => {
      const html = markdownToHtml(`[paypal.com](${href})`);
      expect(html).not.toContain('href=');
      expect(html).toContain('class="link-blocked"');
    },
  );
});
