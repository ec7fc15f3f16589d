// A sign-in started before the server was ever asked (`nanotray mcp login` in a fresh process) asks the server
// first and follows its 401: the metadata it names and its scope, not the well-known URLs; an authorization
// server answering a web page is named in words.
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../../fixtures/mcp/oauth-server.mjs';
import { createCore, type Core } from '../../../../src-main/core/nanotray-core';
import { makeTempHome, type TempHome } from '../../../helpers/temp-home';

let server: OAuthFixture | undefined;
let home: TempHome | undefined;
let core: Core | undefined;
afterEach(async () => {
  await core?.dispose();
  await server?.close();
  home?.cleanup();
  core = server = home = undefined;
});

/** A core as the CLI opens it: no background work, so the server has not been connected to. */
function cliCore(url: string): Core {
  home = makeTempHome({ heartbeat: { enable: false }, mcpServers: { files: { url } } });
  const created = createCore({ host: 'cli', home: home.home, env: {}, startBackground: false });
  if (!created.ok) throw new Error(created.error);
  return created.value;
}

describe('a sign-in starts from the server\'s challenge', () => {
  it('finds metadata named only in the 401 and asks for the scope the 401 names', async () => {
    server = await startOAuthFixture({ scope: 'files:read files:list', metadataOnlyInChallenge: true });
    core = cliCore(server.url);
    const started = await core.mcp.signIn('files');
    if (!started.ok) throw new Error(started.error.message);
    const url = new URL(started.value.authorizationUrl!);
    expect(url.origin + url.pathname).toBe(server.url.replace('/mcp', '/as/authorize'));
    expect(url.searchParams.get('scope')).toBe('files:read files:list');
    expect(server.registrations).toHaveLength(1);
    await (await fetch(url)).text();
    expect(await started.value.done).toEqual({ ok: true, value: undefined });
    expect(core.mcp.status().find((s) => s.name === 'files')?.auth).toMatchObject({ signedIn: true });
  });

  it('names an authorization server that answers with a web page, never a parser message', async () => {
    server = await startOAuthFixture({ registerAnswersPage: true });
    core = cliCore(server.url);
    const started = await core.mcp.signIn('files');
    const origin = new URL(server.url).origin;
    expect(started).toEqual({
      ok: false,
      error: { code: 'failed', message: `Could not sign in to MCP server 'files': the server at ${origin}/register answered with a web page (HTTP 404), not OAuth JSON` },
    });
  });
});
