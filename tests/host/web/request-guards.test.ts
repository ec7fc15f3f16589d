// Table tests for the browser host's pure guards: loopback binds, Host and Origin allow-lists, token check.
import { describe, expect, it } from 'vitest';
import { isAllowedHost, isAllowedOrigin, isLoopbackBind, tokenMatches } from '../../../src-main/host/web/request-guards';
import { resolveStaticPath } from '../../../src-main/host/web/static-files';
import { buildCsp } from '../../../src-main/host/web/csp';

describe('isLoopbackBind', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['localhost', true],
    [' LOCALHOST ', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['127.0.0.2', false],
    ['example.test', false],
    ['', false],
  ])('%j → %s', (host, expected) => expect(isLoopbackBind(host)).toBe(expected));
});

describe('isAllowedHost (DNS rebinding)', () => {
  it.each([
    ['127.0.0.1:4000', true],
    ['localhost:4000', true],
    ['[::1]:4000', true],
    ['127.0.0.1:4001', false],
    ['evil.test:4000', false],
    ['127.0.0.1', false],
    [undefined, false],
  ])('%j → %s', (host, expected) => expect(isAllowedHost(host, 4000)).toBe(expected));
});

describe('isAllowedOrigin', () => {
  it.each([
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000', true],
    ['http://127.0.0.1:4001', false],
    ['https://127.0.0.1:4000', false],
    ['http://127.0.0.1:4000.evil.test', false],
    ['http://evil.test', false],
    ['null', false],
    ['file://', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (origin, expected) => expect(isAllowedOrigin(origin, 4000)).toBe(expected));
});

describe('tokenMatches', () => {
  it.each([
    ['abc123', 'abc123', true],
    ['abc124', 'abc123', false],
    ['abc12', 'abc123', false],
    ['', 'abc123', false],
    [null, 'abc123', false],
    [undefined, 'abc123', false],
  ])('%j vs %j → %s', (given, expected, result) => expect(tokenMatches(given, expected)).toBe(result));
});

describe('resolveStaticPath', () => {
  it.each([
    ['/', '/srv/ui/index.html'],
    ['/quick.html', '/srv/ui/quick.html'],
    ['/assets/a.js?x=1', '/srv/ui/assets/a.js'],
    ['/../secret', undefined],
    ['/%2e%2e/secret', undefined],
    ['/assets/../../secret', undefined],
    ['/%00', undefined],
    ['/%E0%A4%A', undefined],
  ])('%j → %j', (url, expected) => expect(resolveStaticPath('/srv/ui', url)).toBe(expected));
});

describe('buildCsp', () => {
  it('allows only own scripts and the given WebSocket origins', () => {
    expect(buildCsp({ connectSrc: ['ws://127.0.0.1:4000'] })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws://127.0.0.1:4000; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
  });
});
