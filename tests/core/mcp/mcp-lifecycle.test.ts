// MCP lifecycle: shutdown aborts connects in progress, servers without tools stay healthy, the real stderr line,
// HTTP sessions ended with DELETE, and config rewrites that only reorder keys do not reconnect.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHttpFixture, type HttpFixture } from '../../fixtures/mcp/http-server.mjs';
import { startSilentServer, type SilentServer } from '../../fixtures/mcp/silent-server.mjs';
import { depthServer, fixtureServer, startCore, waitForState, type McpTestCore } from './mcp-test-kit';
import { isRunning } from '../../helpers/process-alive';

let t: McpTestCore | undefined;
let http: HttpFixture | undefined;
let silent: SilentServer | undefined;
let logDir: string | undefined;
afterEach(async () => {
  await t?.close();
  await http?.close();
  await silent?.close();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
  t = http = silent = logDir = undefined;
});

function newLog(): string {
  logDir = mkdtempSync(join(tmpdir(), 'nanotray-mcp-log-'));
  return join(logDir, 'fixture.log');
}

const logLines = (path: string): string[] => {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe('MCP lifecycle', () => {
  it('dispose aborts a stdio server that is still starting: its process is gone and it never got ready', async () => {
    const log = newLog();
    t = startCore({ slow: depthServer('slow', { env: { FIXTURE_LOG: log } }, ['--start-delay-ms', '25000']) });
    await vi.waitFor(() => expect(logLines(log)).toHaveLength(1), { timeout: 5000, interval: 10 });
    const pid = Number(logLines(log)[0]!.split(' ')[2]);
    expect(t.core.mcp.status()[0]?.state).toBe('connecting');
    await t.core.dispose();
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 5000, interval: 20 });
    expect(logLines(log)).toEqual([`slow start ${pid}`]);
  });

  it('dispose aborts an HTTP connect that never gets an answer', async () => {
    silent = await startSilentServer();
    t = startCore({ mute: { url: silent.url } });
    await vi.waitFor(() => expect(silent!.state.open).toBe(1), { timeout: 5000, interval: 10 });
    await t.core.dispose();
    await vi.waitFor(() => expect(silent!.state).toEqual({ open: 0, closed: 1 }), { timeout: 5000, interval: 10 });
  });

  it('a resources-only and a prompts-only server are connected and stay so (never respawned)', async () => {
    const log = newLog();
    t = startCore({
      docs: depthServer('docs', { env: { FIXTURE_LOG: log } }, ['--only', 'resources']),
      tpl: depthServer('tpl', { env: { FIXTURE_LOG: log } }, ['--only', 'prompts']),
    });
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.mcp.status()).toMatchObject([
      { name: 'docs', state: 'connected', toolCount: 0, resourceCount: 4, promptCount: 0, consecutiveFailures: 0 },
      { name: 'tpl', state: 'connected', toolCount: 0, resourceCount: 0, promptCount: 1, consecutiveFailures: 0 },
    ]);
    t.clock.advance(10 * 60_000);
    expect(t.core.mcp.status().map((s) => s.state)).toEqual(['connected', 'connected']);
    expect(logLines(log).filter((l) => l.includes(' start '))).toHaveLength(2);
  });

  it("a server whose script is missing shows the runtime's real error line, not its version footer", async () => {
    t = startCore({ gone: { command: process.execPath, args: ['/nonexistent/nanotray-server.js'] } });
    await t.core.mcp.waitForServers(10_000);
    const error = t.core.mcp.status()[0]?.error ?? '';
    expect(error).toContain("(stderr: Error: Cannot find module '/nonexistent/nanotray-server.js')");
    expect(error).not.toContain('Node.js v');
  });

  it('ends the streamable HTTP session with DELETE on dispose', async () => {
    http = await startHttpFixture({ label: 'web' });
    t = startCore({ web: { url: http.url } });
    await t.core.mcp.waitForServers(10_000);
    expect(http.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await t.core.dispose();
    const deletes = http.requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.headers['mcp-session-id']).toEqual(expect.any(String));
  });

  it('a config rewrite that only reorders keys keeps the connection', async () => {
    t = startCore({ fx: fixtureServer('fx', { timeout: 30, trusted: false }) });
    await t.core.mcp.waitForServers(10_000);
    const before = await t.core.tools.execute('mcp_fx_pid', '{}', t.ctx());
    const updated = t.core.updateConfig((raw) => {
      const servers = raw.mcpServers as Record<string, Record<string, unknown>>;
      const entry = servers.fx!;
      servers.fx = Object.fromEntries(Object.entries(entry).reverse());
    });
    expect(updated.ok).toBe(true);
    await t.core.mcp.reload();
    await waitForState(t.core, 'fx', 'connected');
    expect(await t.core.tools.execute('mcp_fx_pid', '{}', t.ctx())).toEqual(before);
  });
});
