// Slash commands through the CLI (`nanotray agent -m "/help"`, the REPL) and through the real agent loop.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/host/cli/cli-command';
import { runCli } from '../../../src-main/host/cli/main';
import { createCore } from '../../../src-main/core/nanotray-core';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';
import { fixtureServer } from '../mcp/mcp-test-kit';

const ROOT = resolve(__dirname, '../../..');
let llm: ScriptedLlm;
let home: TempHome | undefined;

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  home?.cleanup();
  home = undefined;
});

function captureIo(env: NodeJS.ProcessEnv, stdinText?: string): CliIo & { out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  if (stdinText !== undefined) stdin.end(stdinText);
  return { stdout, stderr, stdin, env, isTty: false, out: () => out, err: () => err };
}

describe('slash commands in the CLI', () => {
  it('agent -m "/help" answers without a provider or a model call', async () => {
    home = makeTempHome({});
    const before = llm.requests.length;
    const io = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runCli(['agent', '-m', '/help'], io)).toBe(0);
    expect(io.out().split('\n')[0]).toBe('Commands (handled without calling the model):');
    expect(io.out()).toContain('  /new  ');
    expect(io.err()).toBe('');
    expect(llm.requests.length).toBe(before);
  });

  it('agent -m with an unknown command exits 1 with the closest match', async () => {
    home = makeTempHome({});
    const io = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runCli(['agent', '-m', '/mcp stauts'], io)).toBe(1);
    expect(io.out()).toBe("Error: unknown subcommand '/mcp stauts'. Did you mean /mcp status?\n");
  });

  it('agent -m "/mcp status" connects the configured servers first (spawned bin)', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { mcpServers: { fx: fixtureServer('fx') } }));
    const result = await new Promise<{ code: number | null; stdout: string }>((done, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'nanotray.mjs'), 'agent', '-m', '/mcp status'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: home!.home, NANOTRAY_HOME: home!.home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.on('error', reject);
      child.on('close', (code) => done({ code, stdout }));
    });
    expect(result).toEqual({ code: 0, stdout: 'MCP servers:\n  fx  connected  10 tool(s)  (stdio)\n' });
  });

  it('agent -m waits for MCP servers so a single scripted turn can call their tools', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { mcpServers: { fx: fixtureServer('fx') } }));
    const start = llm.requests.length;
    llm.enqueue({ toolCalls: [{ name: 'mcp_fx_echo', arguments: { text: 'ping' }, id: 'call_echo' }] }, { text: 'done' });
    const io = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runCli(['agent', '-m', 'echo ping'], io)).toBe(0);
    expect(io.out()).toBe('done\n');
    const tools = (llm.requests[start]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
    expect(tools).toContain('mcp_fx_echo');
    const toolMessage = llm.requests[start + 1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(toolMessage.content).toBe('fx echo: ping');
  });

  it('the REPL runs commands between turns', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ text: 'hello back' });
    const io = captureIo({ NANOTRAY_HOME: home.home }, 'hi\n/approve\n/hepl\nexit\n');
    expect(await runCli(['agent', '--session', 'repl'], io)).toBe(0);
    expect(io.out()).toContain('hello back\n');
    expect(io.out()).toContain('Approval mode: auto (run every tool without asking). Modes: ask, auto, readonly.\n');
    expect(io.out()).toContain("Error: unknown command '/hepl'. Did you mean /help?\n");
  });
});

describe('MCP tools through the real agent loop', () => {
  it('a tool added with list_changed is offered on the next model call and usable in the next turn', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { mcpServers: { fx: fixtureServer('fx') } }));
    const created = createCore({ host: 'test', home: home.home, env: {}, startBackground: true });
    if (!created.ok) throw new Error(created.error);
    const core = created.value;
    try {
      await core.mcp.waitForServers(10_000);
      const start = llm.requests.length;
      llm.enqueue(
        { toolCalls: [{ name: 'mcp_fx_add_tool', arguments: { name: 'late' }, id: 'call_add' }] },
        { text: 'added it' },
        { toolCalls: [{ name: 'mcp_fx_late', arguments: {}, id: 'call_late' }] },
        { text: 'it ran' },
      );
      const first = await core.sessions.run({ sessionKey: 'cli:mcp', text: 'add a tool', interactive: false });
      expect(first.stopReason).toBe('completed');
      const toolNames = (i: number): string[] => (llm.requests[start + i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
      expect(toolNames(0)).not.toContain('mcp_fx_late');
      // The call that caused list_changed returns only after the refresh, so the registry already has it.
      expect(core.tools.names()).toContain('mcp_fx_late');
      const second = await core.sessions.run({ sessionKey: 'cli:mcp', text: 'use it', interactive: false });
      expect(second.stopReason).toBe('completed');
      expect(second.text).toBe('it ran');
      expect(toolNames(2)).toContain('mcp_fx_late');
      const toolMessage = llm.requests[start + 3]!.body.messages.find((m: { role: string; tool_call_id?: string }) => m.role === 'tool' && m.tool_call_id === 'call_late');
      expect(toolMessage.content).toBe('late ran');
    } finally {
      await core.dispose();
    }
  });
});
