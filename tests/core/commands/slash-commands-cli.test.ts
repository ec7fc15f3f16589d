// Slash commands through the CLI (`nanotray agent -m "/help"`, the REPL) and through the real agent loop.
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/nanotray-core';
import { captureIo, useCliHarness } from '../../host/cli/cli-harness';
import { fixtureServer, fromServer } from '../mcp/mcp-test-kit';

const t = useCliHarness({ approvalMode: 'auto' });

describe('slash commands in the CLI', () => {
  it('agent -m "/help" answers without a provider or a model call', async () => {
    t.openBare({});
    const before = t.llm.requests.length;
    const io = await t.run(['agent', '-m', '/help']);
    expect(io.code).toBe(0);
    expect(io.out.split('\n')[0]).toBe('Commands (handled without calling the model):');
    expect(io.out).toContain('  /new  ');
    expect(io.err).toBe('');
    expect(t.llm.requests.length).toBe(before);
  });

  it('agent -m with an unknown command exits 1 with the closest match', async () => {
    t.openBare({});
    const io = await t.run(['agent', '-m', '/mcp stauts']);
    expect(io.code).toBe(1);
    expect(io.out).toBe("Error: unknown subcommand '/mcp stauts'. Did you mean /mcp status?\n");
  });

  it('agent -m "/mcp status" connects the configured servers first (spawned bin)', async () => {
    t.open({ mcpServers: { fx: fixtureServer('fx') } });
    const result = await t.spawn(['agent', '-m', '/mcp status']);
    expect(result).toMatchObject({ code: 0, out: 'MCP servers:\n  fx  connected  10 tool(s)  (stdio, not sandboxed)\n' });
  });

  it('agent -m waits for MCP servers so a single scripted turn can call their tools', async () => {
    t.open({ mcpServers: { fx: fixtureServer('fx') } });
    const start = t.llm.requests.length;
    t.llm.enqueue({ toolCalls: [{ name: 'mcp_fx_echo', arguments: { text: 'ping' }, id: 'call_echo' }] }, { text: 'done' });
    const io = await t.run(['agent', '-m', 'echo ping']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('done\n');
    const tools = (t.llm.requests[start]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
    expect(tools).toContain('mcp_fx_echo');
    const toolMessage = t.llm.requests[start + 1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect({ ok: true, output: toolMessage.content }).toEqual(fromServer('fx', 'echo', 'fx echo: ping'));
  });

  it('the REPL runs commands between turns', async () => {
    t.open();
    t.llm.enqueue({ text: 'hello back' });
    const repl = captureIo(t.env());
    repl.stdin.end('hi\n/approve\n/hepl\nexit\n');
    const io = await t.run(['agent', '--session', 'repl'], repl);
    expect(io.code).toBe(0);
    expect(io.out).toContain('hello back\n');
    expect(io.out).toContain('Approval mode: auto (run every tool without asking). Modes: ask, auto, readonly.\n');
    expect(io.out).toContain("Error: unknown command '/hepl'. Did you mean /help?\n");
  });
});

describe('MCP tools through the real agent loop', () => {
  it('a tool added with list_changed is offered on the next model call and usable in the next turn', async () => {
    const home = t.open({ mcpServers: { fx: fixtureServer('fx') } });
    const created = createCore({ host: 'test', home: home.home, env: {}, startBackground: true });
    if (!created.ok) throw new Error(created.error);
    const core = created.value;
    try {
      await core.mcp.waitForServers(10_000);
      const start = t.llm.requests.length;
      t.llm.enqueue(
        { toolCalls: [{ name: 'mcp_fx_add_tool', arguments: { name: 'late' }, id: 'call_add' }] },
        { text: 'added it' },
        { toolCalls: [{ name: 'mcp_fx_late', arguments: {}, id: 'call_late' }] },
        { text: 'it ran' },
      );
      const first = await core.sessions.run({ sessionKey: 'cli:mcp', text: 'add a tool', interactive: false });
      expect(first.stopReason).toBe('completed');
      const toolNames = (i: number): string[] => (t.llm.requests[start + i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
      expect(toolNames(0)).not.toContain('mcp_fx_late');
      // The call that caused list_changed returns only after the refresh, so the registry already has it.
      expect(core.tools.names()).toContain('mcp_fx_late');
      const second = await core.sessions.run({ sessionKey: 'cli:mcp', text: 'use it', interactive: false });
      expect(second.stopReason).toBe('completed');
      expect(second.text).toBe('it ran');
      expect(toolNames(2)).toContain('mcp_fx_late');
      const toolMessage = t.llm.requests[start + 3]!.body.messages.find((m: { role: string; tool_call_id?: string }) => m.role === 'tool' && m.tool_call_id === 'call_late');
      expect({ ok: true, output: toolMessage.content }).toEqual(fromServer('fx', 'late', 'late ran'));
    } finally {
      await core.dispose();
    }
  });
});
