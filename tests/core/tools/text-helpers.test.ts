// html-to-text, the bounded output buffer with head+tail joining, and the child environment allowlist.
import { describe, expect, it } from 'vitest';
import { BoundedText, joinWithHeadTail } from '../../../src-main/core/tools/exec/bounded-text';
import { buildChildEnv } from '../../../src-main/core/tools/exec/child-env';
import { htmlToText } from '../../../src-main/core/tools/web/html-to-text';

describe('htmlToText', () => {
  it('keeps structure and drops scripts, styles and page chrome', () => {
    const html = `<html><head><title> My  Page </title><style>p{}</style><script>steal()</script></head><body>
      <nav>Menu</nav><h1>Hello &amp; welcome</h1><p>Some <b>bold</b>, <em>soft</em> and <a href="/x">a link</a>.<br>Next line</p>
      <ol><li>one</li><li>two</li></ol><pre>code
  block</pre><p>Use <code>npm test</code>.</p><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
      <img src="a.png" alt="A chart"><a href="javascript:alert(1)">click</a><div hidden>secret</div><footer>Footer</footer></body></html>`;
    expect(htmlToText(html, 'https://example.com/page')).toEqual({
      title: 'My Page',
      text:
        '# Hello & welcome\n\nSome **bold**, *soft* and [a link](https://example.com/x).\nNext line\n\n1. one\n1. two\n\n' +
        '```\ncode\n  block\n```\n\nUse `npm test`.\n\n| a | b |\n| 1 | 2 |\n\n[image: A chart] click',
    });
  });

  it('prefers the <article> or <main> when the page has one', () => {
    expect(htmlToText('<body><div>sidebar</div><main><p>content</p></main></body>').text).toBe('content');
  });
});

describe('BoundedText and joinWithHeadTail', () => {
  it('keeps everything while under the cap', () => {
    const t = new BoundedText(10);
    t.append('hello ');
    t.append('world');
    expect([t.complete, t.text(), t.length]).toEqual([true, 'hello world', 11]);
    expect(joinWithHeadTail([t, '\nend'], 100)).toBe('hello world\nend');
  });

  it('drops the middle of a long stream and still joins head and tail exactly', () => {
    const t = new BoundedText(5);
    for (const chunk of ['abc', 'defgh', 'ijklm', 'nopqrstuvwxyz']) t.append(chunk);
    expect([t.complete, t.length, t.start(5), t.end(5)]).toEqual([false, 26, 'abcde', 'vwxyz']);
    expect(joinWithHeadTail([t, '!'], 8)).toBe('abcd\n\n... (19 chars truncated) ...\n\nxyz!');
  });
});

describe('buildChildEnv', () => {
  const parent = { HOME: '/h', PATH: '/bin', LANG: 'C', TERM: 'xterm', OPENAI_API_KEY: 'sk-x', AWS_SECRET_ACCESS_KEY: 's', EXTRA: 'e', SystemRoot: 'C:\\Windows' };

  it('copies only HOME, PATH, LANG, TERM and the allowed keys', () => {
    expect(buildChildEnv(parent, ['EXTRA'], 'linux')).toEqual({ HOME: '/h', PATH: '/bin', LANG: 'C', TERM: 'xterm', EXTRA: 'e' });
    expect(buildChildEnv(parent, [], 'darwin')).toEqual({ HOME: '/h', PATH: '/bin', LANG: 'C', TERM: 'xterm' });
  });

  it('adds the variables Windows needs, matching names case-insensitively', () => {
    expect(buildChildEnv({ Path: 'C:\\bin', SystemRoot: 'C:\\Windows', GITHUB_TOKEN: 'g' }, [], 'win32')).toEqual({
      Path: 'C:\\bin',
      SystemRoot: 'C:\\Windows',
    });
  });
});
