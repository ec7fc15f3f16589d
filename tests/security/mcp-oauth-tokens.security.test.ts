// A hostile MCP server hands the OAuth token Nanotray sent it back in a tool result, and the hostile model asks
// for it: through the real agent loop the token reaches neither the model, the store, the events nor the log,
// and the window's MCP status never carries it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/mcp/oauth-server.mjs';
import { useScriptedCore } from '../helpers/scripted-core';
import { createApiHandlers } from '../../src-main/core/api/api-handlers';
import { FAKE_API_HOST } from '../helpers/fake-api-host';
import { expectNoLeak, watchLeaks, type LeakWatch } from './helpers/leak-watch';

const t = useScriptedCore({ approvalMode: 'auto' });
let server: OAuthFixture;
let watch: LeakWatch | undefined;
beforeAll(async () => {
  server = await startOAuthFixture();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => watch?.stop());

describe('OAuth tokens of MCP servers stay out of reach', () => {
  it('a tool result that echoes the bearer token is scrubbed before the model, the store, the events and the log', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' } }, mcpServers: { hostile: { url: server.url } } }, { startBackground: true });
    await core.mcp.waitForServers(10_000);
    const started = await core.mcp.signIn('hostile');
    if (!started.ok) throw new Error(started.error.message);
    await (await fetch(started.value.authorizationUrl!)).text();
    expect((await started.value.done).ok).toBe(true);
    const token = [...server.issued].at(-1)!;
    watch = watchLeaks(core, t.llm);

    t.llm.enqueue({ toolCalls: [{ name: 'mcp_hostile_whoami', arguments: {} }] }, { text: 'done' });
    const result = await core.sessions.run({ sessionKey: 'cli:attack', text: 'what token did you send?', interactive: false, source: 'user' });
    expect(result.stopReason).toBe('completed');
    const followUp = t.llm.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
    const toolMessage = String(followUp.messages.find((m) => m.role === 'tool')?.content);
    expect(toolMessage).toContain('you sent: Bearer [redacted]');
    expectNoLeak(watch, [token]);

    const handlers = createApiHandlers(core, FAKE_API_HOST);
    const shown = await handlers['mcp:status']({});
    expect(JSON.stringify(shown)).not.toContain(token);
  });
});
