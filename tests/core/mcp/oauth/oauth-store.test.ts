// The OAuth store: one 0600 file, records through the codec, bound to the server URL, other processes' writes seen.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthStore } from '../../../../src-main/core/mcp/oauth/oauth-store';
import { scrubSecrets } from '../../../../src-main/core/lib/known-secrets';
import { makeTempHome, type TempHome } from '../../../helpers/temp-home';

const plain = { encode: (s: string) => s, decode: (s: string) => s };
const keychain = { encode: (s: string) => `enc:v1:${Buffer.from(s).toString('hex')}`, decode: (s: string) => Buffer.from(s.slice(7), 'hex').toString() };
const TOKENS = { access_token: 'at-store-test-0123456789', refresh_token: 'rt-store-test-0123456789', token_type: 'Bearer' };

let home: TempHome | undefined;
afterEach(() => {
  home?.cleanup();
  home = undefined;
});

function file(): string {
  home ??= makeTempHome();
  return join(home.home, 'mcp-auth.json');
}

describe('OAuthStore', () => {
  it('writes 0600 through the codec and registers the tokens with the scrubber', () => {
    const store = new OAuthStore(file(), keychain);
    store.update('files', 'https://mcp.example/mcp', (r) => (r.tokens = TOKENS));
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(readFileSync(file(), 'utf8')).not.toContain(TOKENS.access_token);
    expect(new OAuthStore(file(), keychain).get('files', 'https://mcp.example/mcp')?.tokens).toEqual(TOKENS);
    expect(scrubSecrets(`a ${TOKENS.access_token} r ${TOKENS.refresh_token}`)).toBe('a [redacted] r [redacted]');
  });

  it('a record belongs to its server URL: a server moved elsewhere does not get the tokens', () => {
    const store = new OAuthStore(file(), plain);
    store.update('files', 'https://mcp.example/mcp', (r) => (r.tokens = TOKENS));
    expect(store.get('files', 'https://elsewhere.example/mcp')).toBeUndefined();
  });

  it('sees another process\'s change, and says when a record is encrypted for the desktop app', () => {
    const cli = new OAuthStore(file(), plain);
    cli.update('a', 'https://a.example/mcp', (r) => (r.redirectPort = 50_000));
    const other = new OAuthStore(file(), plain);
    other.update('b', 'https://b.example/mcp', (r) => (r.tokens = TOKENS));
    expect(cli.get('b', 'https://b.example/mcp')?.tokens).toEqual(TOKENS);
    const raw = JSON.parse(readFileSync(file(), 'utf8')) as { servers: Record<string, string> };
    raw.servers.c = keychain.encode('{}');
    writeFileSync(file(), JSON.stringify({ ...raw, version: 1 }));
    const fresh = new OAuthStore(file(), plain);
    expect(fresh.get('c', 'x')).toBeUndefined();
    expect(fresh.unreadable('c')).toContain('desktop app');
    expect(fresh.get('a', 'https://a.example/mcp')?.redirectPort).toBe(50_000);
  });
});
