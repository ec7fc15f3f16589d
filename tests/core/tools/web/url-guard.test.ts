// Address classification for the web_fetch SSRF fence: loopback, private, link-local, metadata, mapped IPv6.
import { describe, expect, it } from 'vitest';
import {
  blockedAddressKind,
  checkHostLiteral,
  isAllowedPrivateHost,
  parseFetchUrl,
} from '../../../../src-main/core/tools/web/url-guard';

describe('blockedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback'],
    ['127.9.9.9', 'a loopback'],
    ['10.1.2.3', 'a private'],
    ['172.16.0.1', 'a private'],
    ['172.31.255.255', 'a private'],
    ['192.168.1.1', 'a private'],
    ['169.254.169.254', 'a link-local (cloud metadata)'],
    ['100.100.100.200', 'a shared (carrier-grade NAT)'],
    ['0.0.0.0', 'an unspecified'],
    ['224.0.0.1', 'a multicast'],
    ['::1', 'a loopback'],
    ['[::1]', 'a loopback'],
    ['::', 'an unspecified'],
    ['fd00:ec2::254', 'a private (unique local, also cloud metadata)'],
    ['fe80::1%eth0', 'a link-local'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:a9fe:a9fe', 'a link-local (cloud metadata)'],
    ['64:ff9b::10.0.0.1', 'a private'],
    ['not-an-ip', 'an unparseable'],
  ])('%s is %s address', (ip, kind) => {
    expect(blockedAddressKind(ip)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(blockedAddressKind(ip)).toBeUndefined();
  });
});

describe('parseFetchUrl', () => {
  it.each([
    ['file:///etc/passwd', 'invalid_args', 'Error: web_fetch only fetches http and https URLs, not file:'],
    ['ftp://example.com/x', 'invalid_args', 'Error: web_fetch only fetches http and https URLs, not ftp:'],
    ['gopher://127.0.0.1:6379/_x', 'invalid_args', 'Error: web_fetch only fetches http and https URLs, not gopher:'],
    ['not a url', 'invalid_args', 'Error: Invalid URL: not a url. Give a full http:// or https:// URL.'],
    ['http://user:pw@example.com/', 'refused', 'Error: URLs with user names or passwords are not fetched.'],
  ])('refuses %s', (url, code, message) => {
    expect(parseFetchUrl(url)).toEqual({ ok: false, error: { code, message } });
  });
});

describe('checkHostLiteral', () => {
  const refused = (url: string, addr: string, kind: string) => ({
    ok: false,
    error: {
      code: 'refused',
      message:
        `Error: web_fetch refused ${url}: ${addr} is ${kind} address. Loopback, private, link-local and cloud-metadata ` +
        'addresses are off limits unless the user lists the host in tools.web.allowPrivateHosts.',
    },
  });

  it('refuses IP literals in private ranges, decimal and hex spellings included', () => {
    expect(checkHostLiteral(new URL('http://169.254.169.254/latest/meta-data'), [])).toEqual(
      refused('http://169.254.169.254/latest/meta-data', '169.254.169.254', 'a link-local (cloud metadata)'),
    );
    // WHATWG URL parsing normalises 2130706433 and 0x7f.1 to 127.0.0.1
    expect(checkHostLiteral(new URL('http://2130706433/'), [])).toEqual(refused('http://127.0.0.1/', '127.0.0.1', 'a loopback'));
    expect(checkHostLiteral(new URL('http://0x7f.1/'), [])).toEqual(refused('http://127.0.0.1/', '127.0.0.1', 'a loopback'));
    expect(checkHostLiteral(new URL('http://[::1]:8080/'), [])).toEqual(refused('http://[::1]:8080/', '::1', 'a loopback'));
  });

  it('lets allowlisted hosts and host names through (names are checked after DNS)', () => {
    expect(checkHostLiteral(new URL('http://127.0.0.1:1234/'), ['127.0.0.1'])).toEqual({ ok: true, value: undefined });
    expect(checkHostLiteral(new URL('http://example.com/'), [])).toEqual({ ok: true, value: undefined });
    expect(isAllowedPrivateHost('NAS.local', ['nas.local'])).toBe(true);
    expect(isAllowedPrivateHost('[::1]', ['::1'])).toBe(true);
  });
});
