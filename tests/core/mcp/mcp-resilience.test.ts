// MCP failures on a fake clock: per-call timeout (a live server is not blamed), a hung server, circuit breaker
// open/close, reconnect after a crash.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolResult } from '../../../src-main/core/tools/tool';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PING_TIMEOUT_MS } from '../../../src-main/core/mcp/mcp-call';
import { STDIO_FIXTURE, depthServer, fixtureServer, startCore, waitForState, type McpTestCore, fromServer } from './mcp-test-kit';

let t: McpTestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Starts a call and waits until its timeout timer (`timeoutMs`) is armed on the fake clock. */
async function startCall(name: string, args: string, timeoutMs: number): Promise<{ result: Promise<ToolResult> }> {
  const before = t!.clock.countTimers(timeoutMs);
  const call = t!.core.tools.execute(name, args, t!.ctx());
  await vi.waitFor(() => expect(t!.clock.countTimers(timeoutMs)).toBeGreaterThan(before), { timeout: 10_000, interval: 5 });
  // Wrapped: an async function returning a bare promise would wait for the call itself.
  return { result: call };
}

describe('MCP failures', () => {
  it('times a call out after the server timeout (config seconds); a server that still answers ping is not blamed', async () => {
    t = startCore({ fx: fixtureServer('fx', { timeout: 2 }) });
    await t.core.mcp.waitForServers(10_000);
    const call = await startCall('mcp_fx_sleep', '{"ms":60000}', 2000);
    t.clock.advance(1999);
    t.clock.advance(1);
    expect(await call.result).toEqual({ ok: false, error: { code: 'timeout', message: "Error: MCP tool 'sleep' on server 'fx' timed out: no answer or progress for 2s" } });
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0, error: "tool 'sleep' timed out (no answer or progress for 2s)" });
    // The server is still fine for the next call.
    expect(await t.core.tools.execute('mcp_fx_echo', '{"text":"ok"}', t.ctx())).toEqual(fromServer('fx', 'echo', 'fx echo: ok'));
  });

  it('three timeouts on a live connection never open the circuit', async () => {
    t = startCore({ fx: fixtureServer('fx', { timeout: 1 }) });
    await t.core.mcp.waitForServers(10_000);
    for (let i = 0; i < 3; i++) {
      const call = await startCall('mcp_fx_sleep', '{"ms":60000}', 1000);
      t.clock.advance(1000);
      expect(await call.result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    }
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0 });
    expect(await t.core.tools.execute('mcp_fx_echo', '{"text":"x"}', t.ctx())).toEqual(fromServer('fx', 'echo', 'fx echo: x'));
  });

  it('a server that stops answering, even ping, counts as failed and is restarted', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'nanotray-hung-')), 'fixture.log');
    t = startCore({ hung: depthServer('hung', { timeout: 1, env: { FIXTURE_LOG: log } }) });
    await t.core.mcp.waitForServers(10_000);
    const call = await startCall('mcp_hung_hang', '{}', 1000);
    // Only once the server stopped reading: a cancel and ping sent sooner could reach it in the same read.
    await vi.waitFor(() => expect(existsSync(log) && readFileSync(log, 'utf8')).toContain('hung hung'), { timeout: 10_000, interval: 10 });
    // The call's 1 s runs out (a second at a time: under load its deadline may be armed after another 1 s timer
    // of the core, so one advance could come too early); the liveness ping then gets its own 5 s on the same clock.
    await vi.waitFor(
      () => {
        if (t!.clock.countTimers(PING_TIMEOUT_MS) === 0) t!.clock.advance(1000);
        expect(t!.clock.countTimers(PING_TIMEOUT_MS)).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    t.clock.advance(PING_TIMEOUT_MS);
    expect(await call.result).toEqual({ ok: false, error: { code: 'timeout', message: "Error: MCP tool 'hang' on server 'hung' timed out: no answer or progress for 1s" } });
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'failing', consecutiveFailures: 1, error: "tool 'hang' timed out (no answer or progress for 1s) and the server no longer answers" });
    t.clock.advance(1000);
    await waitForState(t.core, 'hung', 'connected');
    expect(t.core.mcp.status()[0]?.consecutiveFailures).toBe(0);
  });

  it('opens the circuit after 3 failed connects for 60 s, then closes it on the first success', async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'nanotray-gate-')), 'ready');
    t = startCore({ fx: depthServer('fx', {}, ['--exit-unless-file', gate]) });
    await t.core.mcp.waitForServers(10_000);
    t.clock.advance(1000);
    await vi.waitFor(() => expect(t!.core.mcp.status()[0]?.consecutiveFailures).toBe(2), { timeout: 5000 });
    t.clock.advance(2000);
    await waitForState(t.core, 'fx', 'circuit_open');
    // Opened at 20:00:03 → refused until 20:01:03 without trying.
    expect(await t.core.tools.execute('mcp_fx_progress', '{"steps":0,"delayMs":0}', t.ctx())).toEqual({ ok: false, error: { code: 'not_found', message: expect.any(String) } });
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'circuit_open', consecutiveFailures: 3, retryAt: Date.UTC(2026, 10, 29, 20, 1, 3) });
    expect(t.core.mcp.status()[0]?.error).toContain(`(stderr: depth: ${gate} is missing)`);
    expect((await t.core.commands.execute('cli:test', '/mcp')).output).toContain('circuit open');
    writeFileSync(gate, '');
    t.clock.advance(59_999);
    expect(t.core.mcp.status()[0]?.state).toBe('circuit_open');
    t.clock.advance(1);
    await waitForState(t.core, 'fx', 'connected');
    expect(t.core.mcp.status()[0]).toMatchObject({ consecutiveFailures: 0 });
    expect(await t.core.tools.execute('mcp_fx_progress', '{"steps":0,"delayMs":0}', t.ctx())).toEqual(fromServer('fx', 'progress', 'done after 0 steps'));
  });

  it('reports a crashed server as not connected, then reconnects with backoff and refreshes tools', async () => {
    t = startCore({ fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(10_000);
    const firstPid = await t.core.tools.execute('mcp_fx_pid', '{}', t.ctx());
    expect(await t.core.tools.execute('mcp_fx_crash', '{}', t.ctx())).toEqual(fromServer('fx', 'crash', 'bye'));
    await waitForState(t.core, 'fx', 'failing');
    expect(t.core.mcp.status()[0]).toMatchObject({ toolCount: 10, consecutiveFailures: 1, retryAt: t.clock.now() + 1000 });
    expect(t.core.mcp.status()[0]?.error).toMatch(/^connection closed/);
    expect(await t.core.tools.execute('mcp_fx_echo', '{"text":"x"}', t.ctx())).toEqual({ ok: false, error: { code: 'unavailable', message: "Error: MCP server 'fx' is not connected" } });
    t.clock.advance(1000);
    await waitForState(t.core, 'fx', 'connected');
    const secondPid = await t.core.tools.execute('mcp_fx_pid', '{}', t.ctx());
    expect(secondPid.ok && firstPid.ok && secondPid.output !== firstPid.output).toBe(true);
    expect(t.core.mcp.status()[0]?.consecutiveFailures).toBe(0);
  });

  it('backs off 1 s, 2 s, then keeps a dead server behind an open circuit for 60 s', async () => {
    t = startCore({ dead: fixtureServer('dead', {}, ['--exit-at-start']) });
    await t.core.mcp.waitForServers(10_000);
    const start = t.clock.now();
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'failing', consecutiveFailures: 1, retryAt: start + 1000 });
    t.clock.advance(1000);
    await vi.waitFor(() => expect(t!.core.mcp.status()[0]).toMatchObject({ state: 'failing', consecutiveFailures: 2 }), { timeout: 5000 });
    expect(t.core.mcp.status()[0]?.retryAt).toBe(start + 3000);
    t.clock.advance(2000);
    await waitForState(t.core, 'dead', 'circuit_open');
    expect(t.core.mcp.status()[0]).toMatchObject({ consecutiveFailures: 3, retryAt: start + 63_000 });
    expect((await t.core.commands.execute('cli:test', '/mcp status')).output).toContain('retrying after 2026-11-29 20:01:03Z');
  });

  it('/mcp add answers within 10 s even when the new server is slow to start', async () => {
    t = startCore({});
    const adding = t.core.commands.execute('cli:test', `/mcp add slow "${process.execPath}" "${STDIO_FIXTURE}" slow --start-delay-ms 30000`);
    await vi.waitFor(() => expect(t!.clock.countTimers(10_000)).toBe(1));
    t.clock.advance(10_000);
    expect((await adding).output).toBe("Added MCP server 'slow'.\nMCP servers:\n  slow  connecting  0 tool(s)  (stdio, sandboxed)");
  });

  it('never delays start: the one-shot wait is capped', async () => {
    t = startCore({ slow: fixtureServer('slow', {}, ['--start-delay-ms', '30000']) });
    const waiting = t.core.mcp.waitForServers(10_000);
    await vi.waitFor(() => expect(t!.clock.countTimers(10_000)).toBe(1));
    t.clock.advance(10_000);
    await waiting;
    expect(t.core.mcp.status()[0]?.state).toBe('connecting');
  });
});
