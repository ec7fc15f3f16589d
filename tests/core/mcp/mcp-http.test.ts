// MCP over streamable HTTP against a real loopback server: headers, calls, list_changed, restart + reconnect.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHttpFixture, type HttpFixture } from '../../fixtures/mcp/http-server.mjs';
import { startSseFixture } from '../../fixtures/mcp/sse-server.mjs';
import { startCore, waitForState, type McpTestCore, fromServer, serverError } from './mcp-test-kit';

let t: McpTestCore | undefined;
let server: HttpFixture | undefined;
afterEach(async () => {
  await t?.close();
  await server?.close();
  t = undefined;
  server = undefined;
});

describe('MCP streamable HTTP servers', () => {
  it('connects with the configured headers and calls tools', async () => {
    server = await startHttpFixture({ label: 'web' });
    t = startCore({ web: { url: server.url, headers: { 'X-Test-Token': 'tok-abc-123456' } } });
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.mcp.status()[0]).toMatchObject({ name: 'web', state: 'connected', transport: 'http', toolCount: 10 });
    expect(await t.core.tools.execute('mcp_web_echo', '{"text":"over http"}', t.ctx())).toEqual(fromServer('web', 'echo', 'web echo: over http'));
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((r) => r.headers['x-test-token'] === 'tok-abc-123456')).toBe(true);
  });

  it('refreshes tools on list_changed over HTTP', async () => {
    server = await startHttpFixture({ label: 'web' });
    t = startCore({ web: { url: server.url } });
    await t.core.mcp.waitForServers(10_000);
    expect(await t.core.tools.execute('mcp_web_add_tool', '{"name":"fresh"}', t.ctx())).toEqual(fromServer('web', 'add_tool', 'added fresh'));
    await vi.waitFor(() => expect(t!.core.tools.names()).toContain('mcp_web_fresh'), { timeout: 5000, interval: 10 });
    expect(await t.core.tools.execute('mcp_web_fresh', '{}', t.ctx())).toEqual(fromServer('web', 'fresh', 'fresh ran'));
  });

  it('fails calls while the server is down and reconnects after it restarts', async () => {
    server = await startHttpFixture({ label: 'one' });
    const port = server.port;
    t = startCore({ web: { url: server.url } });
    await t.core.mcp.waitForServers(10_000);
    await server.close();
    server = undefined;
    const down = await t.core.tools.execute('mcp_web_echo', '{"text":"x"}', t.ctx());
    expect(down.ok ? '' : down.error.message).toMatch(/^Error: MCP server 'web' failed: /);
    expect(down.ok ? '' : down.error.code).toBe('unavailable');
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'failing', consecutiveFailures: 1, toolCount: 10 });
    expect(await t.core.tools.execute('mcp_web_echo', '{"text":"x"}', t.ctx())).toEqual({ ok: false, error: { code: 'unavailable', message: "Error: MCP server 'web' is not connected" } });
    server = await startHttpFixture({ port, label: 'two' });
    // The first retry may still hit a pooled socket of the old server; backoff retries again 2 s later.
    for (const step of [1000, 2000, 4000]) {
      t.clock.advance(step);
      await vi.waitFor(() => expect(t!.core.mcp.status()[0]?.state).not.toBe('connecting'), { timeout: 5000, interval: 10 });
      if (t.core.mcp.status()[0]?.state === 'connected') break;
    }
    await waitForState(t.core, 'web', 'connected');
    expect(await t.core.tools.execute('mcp_web_echo', '{"text":"back"}', t.ctx())).toEqual(fromServer('web', 'echo', 'two echo: back'));
  });

  it('falls back to the legacy SSE transport', async () => {
    const sse = await startSseFixture({ label: 'old' });
    try {
      t = startCore({ old: { url: sse.url } });
      await t.core.mcp.waitForServers(10_000);
      expect(t.core.mcp.status()[0]).toMatchObject({ name: 'old', state: 'connected', transport: 'sse', toolCount: 10 });
      expect(await t.core.tools.execute('mcp_old_echo', '{"text":"legacy"}', t.ctx())).toEqual(fromServer('old', 'echo', 'old echo: legacy'));
    } finally {
      await t?.close();
      t = undefined;
      await sse.close();
    }
  });

  it('reports an unreachable URL after trying streamable HTTP and SSE', async () => {
    server = await startHttpFixture();
    const url = `http://127.0.0.1:${server.port}/nothing-here`;
    t = startCore({ gone: { url } });
    await t.core.mcp.waitForServers(10_000);
    const [gone] = t.core.mcp.status();
    expect(gone).toMatchObject({ state: 'failing', toolCount: 0 });
    expect(gone?.error).toContain('(SSE fallback: ');
  });
});
