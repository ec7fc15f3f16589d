// The CLI and MCP servers: `agent -m` names servers that are not ready and exits right after its answer (a server
// that takes 25 s to start and one that never answers are abandoned, not waited for); `status` lists servers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSilentServer, type SilentServer } from '../../fixtures/mcp/silent-server.mjs';
import { depthServer, fixtureServer } from '../../core/mcp/mcp-test-kit';
import { useCliHarness } from './cli-harness';
import { isRunning } from '../../helpers/process-alive';

const t = useCliHarness({ approvalMode: 'auto' });
let silent: SilentServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await silent?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  silent = dir = undefined;
});

describe('nanotray agent -m with MCP servers', () => {
  it('says which servers are not ready and why, answers, and exits without waiting for them', async () => {
    silent = await startSilentServer();
    dir = mkdtempSync(join(tmpdir(), 'nanotray-cli-mcp-'));
    const log = join(dir, 'fixture.log');
    t.open({
      mcpServers: {
        slow: depthServer('slow', { env: { FIXTURE_LOG: log } }, ['--start-delay-ms', '25000']),
        mute: { url: silent.url },
        gone: { command: process.execPath, args: ['/nonexistent/nanotray-server.js'] },
        fx: fixtureServer('fx'),
      },
    });
    t.llm.enqueue({ text: 'answered' });
    const result = await t.spawn(['agent', '-m', 'hello']);
    expect(result.code).toBe(0);
    expect(result.out).toBe('answered\n');
    expect(result.err).toContain("⚠ MCP server 'slow' is not ready (still connecting); its tools are not available.");
    expect(result.err).toContain("⚠ MCP server 'mute' is not ready (still connecting); its tools are not available.");
    // Within the 10 s wait it failed three times: the breaker is open by now.
    expect(result.err).toContain("⚠ MCP server 'gone' is not ready (paused after repeated failures: ");
    expect(result.err).toContain("(stderr: Error: Cannot find module '/nonexistent/nanotray-server.js')");
    expect(result.err).not.toContain("'fx'");
    // The model was offered the connected server's tools.
    expect(t.llm.requests[0]!.body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain('mcp_fx_echo');
    // Nothing waited for the slow server: it never got ready, and its process is gone; the silent one was let go.
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    const pid = Number(lines[0]!.split(' ')[2]);
    expect(isRunning(pid)).toBe(false);
    expect(silent.state.open).toBe(0);
  }, 60_000);
});

describe('nanotray status with MCP servers', () => {
  it('lists each server with its state and tool counts', async () => {
    t.open({ mcpServers: { fx: fixtureServer('fx'), docs: depthServer('docs', {}, ['--only', 'resources']) } });
    const { code, out } = await t.run(['status']);
    expect(code).toBe(0);
    expect(out).toContain('MCP servers:\n  docs  connected  0 tool(s), 4 resource(s)  (stdio, not sandboxed)\n  fx    connected  10 tool(s)  (stdio, not sandboxed)');
  });
});
