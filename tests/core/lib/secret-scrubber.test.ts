// The scrubber and the forms it looks for: every encoding, every base64 alignment, wrapped lines, fragments, streams.
import { describe, expect, it } from 'vitest';
import { secretForms } from '../../../src-main/core/lib/secret-forms';
import { compileScrubber, REDACTED, SECRET_FRAGMENT_CHARS } from '../../../src-main/core/lib/secret-scrubber';
import { SecretStream } from '../../../src-main/core/lib/secret-stream';
import { configSecrets } from '../../../src-main/core/config/config-secrets';
import { containsSecret, registerSecret, scrubSecrets } from '../../../src-main/core/lib/known-secrets';
import { configSchema } from '../../../src-preload/contract/config-schema';

const SECRET = 'sk-abc123DEF456ghi789';
const scrubber = compileScrubber([SECRET]);

describe('compileScrubber', () => {
  it.each([
    ['raw', `key=${SECRET};`],
    ['JSON-escaped', JSON.stringify({ k: 'a"b' + SECRET })],
    ['URL-encoded', `?k=${encodeURIComponent(`${SECRET}/+`)}`],
    ['hex', Buffer.from(`x${SECRET}`).toString('hex')],
    ['HEX', Buffer.from(SECRET).toString('hex').toUpperCase()],
  ])('removes the %s form', (_name, text) => {
    expect(scrubber.scrub(text)).toContain(REDACTED);
    expect(scrubber.contains(text)).toBe(true);
  });

  it.each([0, 1, 2])('finds the secret inside a base64 blob when it starts at byte offset %i (standard and URL alphabets)', (shift) => {
    const blob = Buffer.from(`${'p'.repeat(shift)}{"secret":"${SECRET}"} and more text after it`);
    for (const encoded of [blob.toString('base64'), blob.toString('base64url')]) {
      const out = scrubber.scrub(encoded);
      expect(out).toContain(REDACTED);
      expect(Buffer.from(out.replace(REDACTED, ''), 'base64').includes(SECRET)).toBe(false);
    }
  });

  it('matches across line breaks (base64 wrapped at 76 columns) and keeps the lines', () => {
    const wrapped = Buffer.from(`${'q'.repeat(50)}${SECRET}${'q'.repeat(50)}`).toString('base64').replace(/(.{76})/g, '$1\n');
    const out = scrubber.scrub(wrapped);
    expect(out).toContain(REDACTED);
    expect(out.split('\n').length).toBe(wrapped.split('\n').length);
  });

  it(`removes runs of ${SECRET_FRAGMENT_CHARS}+ characters of the secret, keeps shorter ones and ordinary text`, () => {
    expect(scrubber.scrub(`a ${SECRET.slice(3, 3 + SECRET_FRAGMENT_CHARS)} b`)).toBe(`a ${REDACTED} b`);
    expect(scrubber.scrub(`a ${SECRET.slice(0, SECRET_FRAGMENT_CHARS - 1)} b`)).toBe(`a ${SECRET.slice(0, SECRET_FRAGMENT_CHARS - 1)} b`);
    expect(scrubber.scrub('nothing to see here')).toBe('nothing to see here');
  });

  it('finds a 12-character run wherever it sits in the text and wherever it was cut from the secret', () => {
    for (let lead = 0; lead < 8; lead++) {
      for (let from = 0; from + SECRET_FRAGMENT_CHARS <= SECRET.length; from++) {
        const text = `${'.'.repeat(lead)}${SECRET.slice(from, from + SECRET_FRAGMENT_CHARS)}!`;
        expect(scrubber.scrub(text)).toBe(`${'.'.repeat(lead)}${REDACTED}!`);
      }
    }
  });

  it('ignores values too short to be secrets, and is a no-op without secrets', () => {
    expect(compileScrubber(['abc', '']).empty).toBe(true);
    expect(compileScrubber([]).scrub('abc')).toBe('abc');
  });

  it('secretForms lists each form once, longest first', () => {
    const forms = secretForms(SECRET);
    expect(new Set(forms).size).toBe(forms.length);
    expect([...forms].sort((a, b) => b.length - a.length)).toEqual(forms);
  });
});

describe('SecretStream', () => {
  it('holds back a piece that may be the start of a secret and never shows a part of it', () => {
    const stream = new SecretStream(scrubber, [SECRET]);
    const shown = ['The key: ', SECRET.slice(0, 2), SECRET.slice(2, 9), `${SECRET.slice(9)} ok`].map((p) => stream.push(p));
    shown.push(stream.end());
    expect(shown.join('')).toBe(`The key: ${REDACTED} ok`);
    for (const piece of shown) expect(SECRET.includes(piece) && piece.length > 1).toBe(false);
  });

  it('lets text through at once when nothing could be a secret, and releases a false start', () => {
    const stream = new SecretStream(scrubber, [SECRET]);
    expect(stream.push('hello world ')).toBe('hello world ');
    expect(stream.push('sk-a')).toBe('');
    expect(stream.push('nd more')).toBe('sk-and more');
    expect(stream.end()).toBe('');
  });
});

describe('configSecrets', () => {
  it('collects keys, secret headers, credentials in URLs and credential-shaped env values, not harmless ones', () => {
    const config = configSchema.parse({
      providers: { a: { apiKey: 'sk-provider-1', headers: { Authorization: 'Bearer hdr-token-1', 'Content-Type': 'application/json' } } },
      tools: { web: { proxy: 'http://me:pr%40ss-word@proxy:3128', search: { apiKey: 'search-key-1' } } },
      mcpServers: {
        s: { command: 'x', env: { GITHUB_TOKEN: 'ghp-env-1', ROOT: '/home/me/project', OTHER: 'A1b2C3d4E5f6G7h8' } },
        h: { url: 'https://mcp.test/?api_key=query-key-1&page=2', headers: { Authorization: `Basic ${Buffer.from('u:basic-pass').toString('base64')}` } },
      },
    });
    const secrets = configSecrets(config);
    for (const s of ['sk-provider-1', 'Bearer hdr-token-1', 'hdr-token-1', 'pr@ss-word', 'me:pr@ss-word', 'search-key-1', 'ghp-env-1', 'A1b2C3d4E5f6G7h8', 'query-key-1', 'basic-pass', 'u:basic-pass']) {
      expect(secrets).toContain(s);
    }
    for (const s of ['application/json', '/home/me/project', '2']) expect(secrets).not.toContain(s);
  });

  it("takes every header value of an MCP server, whatever its name (the server's own credentials)", () => {
    const config = configSchema.parse({ mcpServers: { h: { url: 'https://mcp.test/', headers: { 'X-Workspace': 'team-credential-7' } } } });
    expect(configSecrets(config)).toContain('team-credential-7');
  });
});

describe('scrubSecrets', () => {
  it('scrubs every registered secret and the values it is handed besides', () => {
    registerSecret('registered-secret-9');
    expect(scrubSecrets('a registered-secret-9 b not-yet-known-4 c', ['not-yet-known-4'])).toBe('a [redacted] b [redacted] c');
    expect(containsSecret('x registered-secret-9')).toBe(true);
    expect(scrubSecrets('plain text')).toBe('plain text');
  });
});
