// Long MCP tools: a progressToken is sent, progress reaches the tool card as events, progress extends the timeout
// and the hard maximum still ends the call (fake clock; the server is a real process).
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { depthServer, fromServer, useLoggedCores, type McpTestCore } from './mcp-test-kit';

const open = useLoggedCores();
let t: McpTestCore | undefined;

type ProgressEvent = Extract<CoreEvent, { type: 'tool.progress' }>;

function progressCore(server: Record<string, unknown> = {}): { events: ProgressEvent[]; log: string } {
  const opened = open((log) => ({ d: depthServer('d', { env: { FIXTURE_LOG: log }, ...server }) }));
  t = opened.t;
  return { events: [], log: opened.log };
}

describe('MCP progress', () => {
  it('sends a progressToken and turns progress into tool.progress events (cleaned, at most a few a second)', async () => {
    const { events, log } = progressCore();
    await t!.core.mcp.waitForServers(10_000);
    const ctx = t!.ctx({ callId: 'c1', emit: (e) => e.type === 'tool.progress' && events.push(e) });
    const result = await t!.core.tools.execute('mcp_d_progress', '{"steps":3,"delayMs":20,"total":true}', ctx);
    expect(result).toEqual(fromServer('d', 'progress', 'done after 3 steps'));
    expect(readFileSync(log, 'utf8')).toContain('d progressToken set');
    // The fake clock stands still: the first event passes the throttle, step 2 does not; the last one (progress =
    // total) would, but the SDK may drop a notification that lands together with the result.
    const shown = events.map(({ progress, total, message, callId }) => ({ progress, total, message, callId }));
    expect(shown[0]).toEqual({ progress: 1, total: 3, message: 'step 1 of 3', callId: 'c1' });
    expect(shown.slice(1)).toEqual(shown.length > 1 ? [{ progress: 3, total: 3, message: 'step 3 of 3', callId: 'c1' }] : []);
  });

  it('progress restarts the timeout: a call that reports progress runs past it', async () => {
    const { events } = progressCore({ timeout: 1 });
    await t!.core.mcp.waitForServers(10_000);
    const ctx = t!.ctx({ emit: (e) => e.type === 'tool.progress' && events.push(e) });
    const call = t!.core.tools.execute('mcp_d_progress', '{"steps":4,"delayMs":100}', ctx);
    // 2.7 s on the core's clock against a 1 s timeout. The 4th notification is not awaited: it can arrive in one
    // read with the result, and the SDK then drops it (its progress handler is gone when the notification runs).
    for (let step = 1; step <= 3; step++) {
      await vi.waitFor(() => expect(events.length).toBe(step), { timeout: 5000, interval: 5 });
      t!.clock.advance(900);
    }
    expect(await call).toEqual(fromServer('d', 'progress', 'done after 4 steps'));
  });

  it('the hard maximum ends a call however much progress it reports', async () => {
    const { events } = progressCore({ timeout: 1, maxTotalTimeout: 2 });
    await t!.core.mcp.waitForServers(10_000);
    const ctx = t!.ctx({ emit: (e) => e.type === 'tool.progress' && events.push(e) });
    const call = t!.core.tools.execute('mcp_d_progress', '{"steps":50,"delayMs":50}', ctx);
    for (let step = 1; step <= 3; step++) {
      await vi.waitFor(() => expect(events.length).toBe(step), { timeout: 5000, interval: 5 });
      t!.clock.advance(900);
    }
    expect(await call).toEqual({ ok: false, error: { code: 'timeout', message: "Error: MCP tool 'progress' on server 'd' timed out: still running after the maximum of 2s" } });
    expect(t!.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0 });
  });
});
