// `nanotray agent -m` on a terminal with a server that announces its OAuth metadata only in its 401: "Sign in now?"
// answered y signs in through the metadata the challenge names (the browser, $BROWSER, is a script following the
// link), and the turn then has the server's tools. `mcp login` in a fresh process does the same.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/mcp/oauth-server.mjs';
import { captureIo, useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });
let server: OAuthFixture | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** $BROWSER: a script that opens the address the way a browser does, following the redirect to Nanotray. */
function scriptedBrowser(dir: string): string {
  const file = join(dir, 'browser.mjs');
  writeFileSync(file, "const r = await fetch(process.argv[2], { redirect: 'follow' }); await r.text();\n");
  return `${process.execPath} ${file}`;
}

describe('signing in from the terminal to a server whose metadata is only in its 401', () => {
  it('agent -m: "Sign in now?" y signs in, and the turn uses the server\'s tools', async () => {
    server = await startOAuthFixture({ scope: 'files:read', metadataOnlyInChallenge: true });
    const home = t.open({ mcpServers: { files: { url: server.url } } });
    t.llm.enqueue({ toolCalls: [{ name: 'mcp_files_echo', arguments: { text: 'hi' } }] }, { text: 'echoed' });
    const io = captureIo(t.env({ BROWSER: scriptedBrowser(home.home) }), true);
    io.stderr.on('data', (d) => {
      if (String(d).includes('Sign in now? [y/N]')) io.stdin.write('y\n');
    });
    const result = await t.run(['agent', '-m', 'echo hi'], io);
    expect(result.err).toContain("MCP server 'files' needs sign-in. Sign in now? [y/N]");
    expect(result.err).toContain("Signed in to MCP server 'files' (connected,");
    expect(result.code).toBe(0);
    expect(result.out).toBe('echoed\n');
    expect(server.authorizations).toHaveLength(1);
    expect(server.authorizations[0]).toMatchObject({ scope: 'files:read', resource: server.url });
    expect(JSON.stringify(t.llm.requests[1]!.body.messages)).toContain('hi');
  }, 60_000);

  it('mcp login: signs in through the metadata the 401 names', async () => {
    server = await startOAuthFixture({ scope: 'files:read', metadataOnlyInChallenge: true });
    const home = t.open({ mcpServers: { files: { url: server.url } } });
    const result = await t.run(['mcp', 'login', 'files'], captureIo(t.env({ BROWSER: scriptedBrowser(home.home) })));
    expect(result.err).toContain(`open this address in a browser:\n\n  ${server.url.replace('/mcp', '/as/authorize')}?`);
    expect(result.err).toContain("Signed in to MCP server 'files'");
    expect(result.code).toBe(0);
  }, 60_000);
});
