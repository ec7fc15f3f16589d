// Resources the user attaches from the composer, through chat:send and the real agent loop: only a resource the
// server listed can be attached (the server is asked for nothing else); its text reaches the model after the
// message behind the untrusted marker, scrubbed of configured secrets; the history keeps it for the next turns and
// shows the window only which resource it was; one that cannot be read sends nothing.
import { describe, expect, it, vi } from 'vitest';
import { createApiHandlers } from '../../src-main/core/api/api-handlers';
import { FAKE_API_HOST as HOST } from '../helpers/fake-api-host';
import { untrustedBanner } from '../../src-main/core/tools/untrusted';
import { NOTE_TEXT } from '../fixtures/mcp/depth-fixture.mjs';
import { useScriptedCore } from '../helpers/scripted-core';
import { depthServer, openScriptedWithServers } from '../core/mcp/mcp-test-kit';

const t = useScriptedCore({ approvalMode: 'auto' });
const FRAMED = `${untrustedBanner("MCP server 'd' (resource note://notes, attached by the user)")}\n\n${NOTE_TEXT} ([redacted])`;

describe('attached MCP resources', () => {
  it('go with the message, framed as the server’s content and scrubbed, and stay in the history', async () => {
    // The notes carry the provider's API key: it must reach the model as [redacted].
    const core = await openScriptedWithServers(t, { d: depthServer('d', { env: { FIXTURE_ECHO: 'sk-test-secret-key-123456' } }) });
    try {
      const api = createApiHandlers(core, HOST);
      const listed = await api['mcp:resources']({});
      expect(listed.ok && listed.value.resources.map((r) => r.uri)).toEqual(['note://notes', 'note://pixel.png', 'note://data.json']);
      t.llm.enqueue({ text: 'Friday.' });
      const sent = await api['chat:send']({ sessionKey: 'desktop:a', text: 'When do we ship?', resources: [{ server: 'd', uri: 'note://notes' }] });
      expect(sent.ok).toBe(true);
      await vi.waitFor(() => expect(core.sessions.isBusy('desktop:a')).toBe(false), { timeout: 10_000, interval: 10 });
      const first = t.llm.requests[0]!.body.messages.at(-1) as { role: string; content: string };
      expect(first.content.startsWith('When do we ship?')).toBe(true);
      expect(first.content).toContain(FRAMED);
      expect(JSON.stringify(t.llm.requests.map((r) => r.body))).not.toContain('sk-test-secret-key-123456');
      // The next turn reads it from the history again; the window's history names the resource, not its text.
      t.llm.enqueue({ text: 'Yes.' });
      await core.sessions.run({ sessionKey: 'desktop:a', text: 'Sure?', interactive: true });
      const again = t.llm.requests[1]!.body.messages.find((m: { role: string; content: unknown }) => m.role === 'user') as { content: string };
      expect(again.content).toContain(FRAMED);
      const history = await api['chat:history']({ sessionKey: 'desktop:a', limit: 50 });
      const user = history.ok ? history.value.messages.find((m) => m.role === 'user') : undefined;
      expect(user).toMatchObject({ content: 'When do we ship?', resources: [{ server: 'd', uri: 'note://notes' }] });
    } finally {
      await core.dispose();
    }
  });

  it('a URI the server did not list is refused and nothing is sent', async () => {
    const core = await openScriptedWithServers(t, { d: depthServer('d') });
    try {
      const api = createApiHandlers(core, HOST);
      const sent = await api['chat:send']({ sessionKey: 'desktop:a', text: 'hi', resources: [{ server: 'd', uri: 'note://by-id/secret' }] });
      expect(sent).toEqual({ ok: false, error: { code: 'not_found', message: "MCP server 'd' does not list the resource note://by-id/secret (any more)." } });
      expect(t.llm.requests).toEqual([]);
    } finally {
      await core.dispose();
    }
  });
});
