// A tool call the server refuses with 403 `insufficient_scope`: someone who can answer is asked (a link to open,
// the larger scope named), the sign-in asks for that scope and the call is tried once more; a run nobody can answer
// and a user who says no both get a refusal in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import { startOAuthFixture, type OAuthFixture } from '../../../fixtures/mcp/oauth-server.mjs';
import { createCore, type Core } from '../../../../src-main/core/nanotray-core';
import { coreToolContext } from '../../../helpers/core-tool-context';
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

type ElicitationEvent = Extract<CoreEvent, { type: 'elicitation.requested' }>;

async function browse(url: string): Promise<void> {
  await (await fetch(url)).text();
}

/** A core signed in to the fixture with the base scope; `answer` is the user at the window. */
async function signedInCore(answer: (event: ElicitationEvent, core: Core) => void): Promise<Core> {
  server = await startOAuthFixture({ scope: 'files:read', stepUpScope: 'files:write' });
  home = makeTempHome({ heartbeat: { enable: false }, tools: { approval: { mode: 'auto' } }, mcpServers: { files: { url: server.url } } });
  const created = createCore({ host: 'test', home: home.home, env: {}, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  const opened = created.value;
  await opened.mcp.waitForServers(10_000);
  const started = await opened.mcp.signIn('files');
  if (!started.ok) throw new Error(started.error.message);
  await browse(started.value.authorizationUrl!);
  expect(await started.value.done).toEqual({ ok: true, value: undefined });
  await vi.waitFor(() => expect(opened.mcp.status()[0]?.state).toBe('connected'), { timeout: 5000, interval: 20 });
  opened.events.on((event) => {
    if (event.type === 'elicitation.requested') answer(event, opened);
  });
  return opened;
}

describe('step-up sign-in during a tool call', () => {
  it('asks with a link naming the larger scope, signs in with it and retries the call once', async () => {
    const asked: ElicitationEvent[] = [];
    core = await signedInCore((event, c) => {
      asked.push(event);
      c.mcp.elicitations.respond(event.id, 'accept');
      void browse(event.link!.url);
    });
    const result = await core.tools.execute('mcp_files_publish', {}, coreToolContext(core, { interactive: true }));
    expect(result.ok && result.output).toContain('published');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ server: 'files', mode: 'url', sessionKey: 'cli:test' });
    expect(asked[0]!.message).toContain("needs a new sign-in to run 'publish' (it asks for files:read files:write)");
    expect(server!.authorizations.map((a) => a.scope)).toEqual(['files:read', 'files:read files:write']);
  });

  it('refuses in words where nobody can answer, and when the user says no', async () => {
    core = await signedInCore((event, c) => c.mcp.elicitations.respond(event.id, 'decline'));
    const unattended = await core.tools.execute('mcp_files_publish', {}, coreToolContext(core));
    expect(unattended).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(!unattended.ok && unattended.error.message).toContain('nobody can sign in during this run: ask the user to sign in');
    expect(!unattended.ok && unattended.error.message).toContain('`nanotray mcp login files`');
    expect(server!.authorizations).toHaveLength(1);

    const declined = await core.tools.execute('mcp_files_publish', {}, coreToolContext(core, { interactive: true }));
    expect(declined).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(!declined.ok && declined.error.message).toContain("needs a new sign-in to run 'publish' (it asks for files:read files:write); the user did not sign in");
  });
});
