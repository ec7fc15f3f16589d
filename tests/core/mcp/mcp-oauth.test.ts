// OAuth for HTTP MCP servers against a real loopback authorization server: a 401 is "needs sign-in" and is not
// retried; sign-in with DCR, PKCE, state and the loopback redirect; tokens kept (0600, through the codec),
// refreshed when the server drops them, gone after sign-out.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/mcp/oauth-server.mjs';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { scrubSecrets } from '../../../src-main/core/lib/known-secrets';
import { FakeClock } from '../../helpers/fake-clock';
import { coreToolContext } from '../../helpers/core-tool-context';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

let server: OAuthFixture | undefined;
let home: TempHome | undefined;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  await server?.close();
  home?.cleanup();
  server = undefined;
  home = undefined;
});

/** A codec standing in for the desktop app's keychain: what it writes is not the plain text. */
const codec = {
  encodeSecret: (plain: string) => `enc:test:${Buffer.from(plain).toString('base64')}`,
  decodeSecret: (stored: string) => (stored.startsWith('enc:test:') ? Buffer.from(stored.slice(9), 'base64').toString() : stored),
};

function open(clock = new FakeClock(), withCodec = false): Core {
  home ??= makeTempHome({ heartbeat: { enable: false }, tools: { approval: { mode: 'auto' } }, mcpServers: { files: { url: server!.url } } });
  const created = createCore({ host: 'test', home: home.home, env: {}, clock, startBackground: true, ...(withCodec ? codec : {}) });
  if (!created.ok) throw new Error(created.error);
  cores.push(created.value);
  return created.value;
}

function status(core: Core) {
  return core.mcp.status().find((s) => s.name === 'files')!;
}

/** The user's browser: follows the authorization server's redirect back to Nanotray's loopback listener. */
async function browse(url: string): Promise<number> {
  const response = await fetch(url);
  await response.text();
  return response.status;
}

async function signIn(core: Core): Promise<URL> {
  const started = await core.mcp.signIn('files');
  if (!started.ok) throw new Error(started.error.message);
  const url = new URL(started.value.authorizationUrl!);
  expect(await browse(url.href)).toBe(200);
  expect(await started.value.done).toEqual({ ok: true, value: undefined });
  return url;
}

describe('OAuth for HTTP MCP servers', () => {
  it('a 401 is "needs sign-in": no backoff, no breaker, no retries while nobody signs in', async () => {
    server = await startOAuthFixture();
    const clock = new FakeClock();
    const core = open(clock);
    await core.mcp.waitForServers(10_000);
    expect(status(core)).toMatchObject({ state: 'needs_auth', consecutiveFailures: 0, auth: { kind: 'user', signedIn: false, signingIn: false } });
    expect(status(core).retryAt).toBeUndefined();
    const requests = server.mcpRequests;
    clock.advance(10 * 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.mcpRequests).toBe(requests);
    expect(status(core).state).toBe('needs_auth');
  });

  it('signs in with discovery, registration, PKCE (S256), state and a 127.0.0.1 redirect, then connects', async () => {
    server = await startOAuthFixture({ scope: 'files:read' });
    const core = open();
    await core.mcp.waitForServers(10_000);
    const url = await signIn(core);
    expect(url.origin + url.pathname).toBe(server.url.replace('/mcp', '/authorize'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('scope')).toBe('files:read');
    expect(url.searchParams.get('resource')).toBe(server.url);
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(server.registrations[0]).toMatchObject({ client_name: 'Nanotray', redirect_uris: [redirect.href], grant_types: ['authorization_code', 'refresh_token'] });
    await vi.waitFor(() => expect(status(core).state).toBe('connected'), { timeout: 5000, interval: 20 });
    expect(status(core)).toMatchObject({ auth: { signedIn: true, signingIn: false }, toolCount: 11 });
    const result = await core.tools.execute('mcp_files_echo', { text: 'hi' }, coreToolContext(core));
    expect(result.ok).toBe(true);
  });

  it('keeps the tokens for the next start (0600, through the codec, never in status), refreshes them, forgets them on sign-out', async () => {
    server = await startOAuthFixture();
    const first = open(new FakeClock(), true);
    await first.mcp.waitForServers(10_000);
    await signIn(first);
    await vi.waitFor(() => expect(status(first).state).toBe('connected'), { timeout: 5000, interval: 20 });
    await first.dispose();
    cores.splice(0);

    const file = join(home!.home, 'mcp-auth.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = [...server.issued][0]!;
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect(scrubSecrets(`token ${token}`)).toBe('token [redacted]');

    const second = open(new FakeClock(), true);
    await second.mcp.waitForServers(10_000);
    expect(status(second).state).toBe('connected'); // no browser this time
    expect(JSON.stringify(second.mcp.status())).not.toContain(token);
    expect(server.authorizations).toHaveLength(1);

    server.revoke(); // the server drops the access token: the refresh token gets a new one
    const result = await second.tools.execute('mcp_files_echo', { text: 'again' }, coreToolContext(second));
    expect(result.ok).toBe(true);
    expect(server.authorizations).toHaveLength(1);

    expect(await second.mcp.signOut('files')).toEqual({ ok: true, value: undefined });
    await vi.waitFor(() => expect(status(second)).toMatchObject({ state: 'needs_auth', auth: { signedIn: false } }), { timeout: 5000, interval: 20 });
    const stored = (JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, string> }).servers.files;
    expect(stored === undefined ? {} : JSON.parse(codec.decodeSecret(stored))).not.toHaveProperty('tokens');
  });

  it('answers a sign-in for a stdio or unknown server with a clear error', async () => {
    server = await startOAuthFixture();
    const core = open();
    expect(await core.mcp.signIn('nope')).toEqual({ ok: false, error: { code: 'not_found', message: "No MCP server 'nope' in config.json" } });
  });
});
