// The canonical host of an egress approval: hostile spellings of a host table-tested.
import { describe, expect, it } from 'vitest';
import { egressHost, parseEgressHost, unicodeLookalike } from '../../../../src-main/core/tools/egress/egress-host';

describe('egressHost', () => {
  it.each([
    ['https://Example.COM/x', 'example.com'],
    ['https://example.com./x', 'example.com'],
    ['https://example.com%2e/', 'example.com'],
    ['https://ex%41mple.com/', 'example.com'],
    ['https://example.com:443/', 'example.com'],
    ['http://example.com:443/', 'example.com:443'],
    ['http://127.0.0.1:8080/a?b', '127.0.0.1:8080'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::1]:80/', '[::1]'],
    ['http://[::FFFF:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['https://allowed.example@attacker.example/', 'attacker.example'],
    ['https://ex\u0430mple.com/', 'xn--exmple-4nf.com'],
  ])('%s → %s', (url, host) => {
    expect(egressHost(new URL(url))).toBe(host);
  });
});

describe('parseEgressHost', () => {
  it('takes a bare host or a URL typed by a person', () => {
    expect(parseEgressHost(' Docs.Python.org ')).toEqual({ ok: true, value: 'docs.python.org' });
    expect(parseEgressHost('http://127.0.0.1:8080/x')).toEqual({ ok: true, value: '127.0.0.1:8080' });
    expect(parseEgressHost('ex\u0430mple.com')).toEqual({ ok: true, value: 'xn--exmple-4nf.com' });
  });

  it('refuses what is not one http(s) host', () => {
    expect(parseEgressHost('')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: the host is empty' } });
    expect(parseEgressHost('a b')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: "a b" is not a host name or URL' } });
    expect(parseEgressHost('file:///etc/passwd')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: "file:///etc/passwd" is not an http(s) host' } });
    expect(parseEgressHost('u:p@x.org')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: "u:p@x.org" contains a user name or password; give the host only' } });
  });
});

describe('unicodeLookalike', () => {
  it('shows how a punycode host reads, and nothing for plain ASCII', () => {
    expect(unicodeLookalike('xn--exmple-4nf.com:8080')).toBe('ex\u0430mple.com');
    expect(unicodeLookalike('example.com')).toBeUndefined();
  });
});
