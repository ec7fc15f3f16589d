// Shared set-up for MCP integration tests: a core on a temp home with fixture servers and a tool context.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import type { ToolContext, ToolResult } from '../../../src-main/core/tools/tool';
import { untrustedBanner } from '../../../src-main/core/tools/untrusted';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { FakeClock } from '../../helpers/fake-clock';
import { coreToolContext } from '../../helpers/core-tool-context';
import type { ScriptedCore } from '../../helpers/scripted-core';

export const STDIO_FIXTURE = resolve(__dirname, '../../fixtures/mcp/stdio-server.mjs');
export const DEPTH_FIXTURE = resolve(__dirname, '../../fixtures/mcp/depth-server.mjs');

/** A stdio server entry running the fixture with `node`. */
export function fixtureServer(label: string, extra: Record<string, unknown> = {}, extraArgs: string[] = []): Record<string, unknown> {
  return { command: process.execPath, args: [STDIO_FIXTURE, label, ...extraArgs], ...extra };
}

/** A stdio server entry running the depth fixture (progress, hang, elicitation, resources, prompts). */
export function depthServer(label: string, extra: Record<string, unknown> = {}, extraArgs: string[] = []): Record<string, unknown> {
  return { command: process.execPath, args: [DEPTH_FIXTURE, label, ...extraArgs], ...extra };
}

export interface McpTestCore {
  core: Core;
  home: TempHome;
  clock: FakeClock;
  events: string[];
  ctx(overrides?: Partial<ToolContext>): ToolContext;
  close(): Promise<void>;
}

export function startCore(mcpServers: Record<string, unknown>, options: { startBackground?: boolean; config?: Record<string, unknown> } = {}): McpTestCore {
  const home = makeTempHome({
    agent: { provider: 'test', model: 'fake-model' },
    providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl: 'http://127.0.0.1:9/v1' } },
    tools: { approval: { mode: 'auto' } },
    heartbeat: { enable: false },
    mcpServers,
    ...options.config,
  });
  const clock = new FakeClock();
  const created = createCore({ host: 'test', home: home.home, env: {}, clock, startBackground: options.startBackground ?? true });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  const events: string[] = [];
  core.events.on((e) => {
    if (e.type === 'mcp.changed') events.push(e.type);
  });
  const ctx = (overrides: Partial<ToolContext> = {}): ToolContext => coreToolContext(core, { emit: () => {}, ...overrides });
  return {
    core,
    home,
    clock,
    events,
    ctx,
    async close() {
      await core.dispose();
      home.cleanup();
    },
  };
}

export interface LoggedCore {
  t: McpTestCore;
  /** The file fixture servers given it as FIXTURE_LOG write what they received to. */
  log: string;
}

/**
 * Registers the clean-up and returns an opener: each call starts a core whose servers get a fresh log file
 * (`servers(log)`); every core is closed and its log removed after the test.
 */
export function useLoggedCores(): (servers: (log: string) => Record<string, unknown>) => LoggedCore {
  let opened: Array<{ t: McpTestCore; dir: string }> = [];
  afterEach(async () => {
    for (const { t, dir } of opened) {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
    opened = [];
  });
  return (servers) => {
    const dir = mkdtempSync(join(tmpdir(), 'nanotray-mcp-log-'));
    const log = join(dir, 'fixture.log');
    const t = startCore(servers(log));
    opened.push({ t, dir });
    return { t, log };
  };
}

/** Waits until the server reaches `state` (real time; the servers are real processes). */
export async function waitForState(core: Core, server: string, state: string, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    () => {
      const s = core.mcp.status().find((x) => x.name === server);
      if (s?.state !== state) throw new Error(`${server} is ${s?.state ?? 'missing'} (${s?.error ?? ''}), want ${state}`);
    },
    { timeout, interval: 20 },
  );
}

/** What the model gets from a server's tool: the server's text behind the untrusted-content marker. */
export function fromServer(server: string, tool: string, output: string): ToolResult {
  return { ok: true, output: `${untrustedBanner(`MCP server '${server}' (tool ${tool})`)}\n\n${output}` };
}

/** A server's own error text (isError, or a rejected call), behind the marker. */
export function serverError(server: string, tool: string, message: string): ToolResult {
  return { ok: false, error: { code: 'failed', message: `Error: ${untrustedBanner(`MCP server '${server}' (tool ${tool})`)}\n${message}` } };
}

/**
 * Reopens a scripted core (see tests/helpers/scripted-core.ts) with `servers` in its config and background work
 * on, so they connect; waits for them. The caller disposes the returned core.
 */
export async function openScriptedWithServers(t: ScriptedCore, servers: Record<string, unknown>, config: Record<string, unknown> = {}): Promise<Core> {
  const first = t.open({ tools: { approval: { mode: 'ask' } }, ...config });
  const updated = first.updateConfig((raw) => {
    raw.mcpServers = servers;
  });
  if (!updated.ok) throw new Error(updated.error.message);
  await first.dispose();
  const created = createCore({ host: 'test', home: t.home.home, env: { PATH: process.env.PATH ?? '' }, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  await created.value.mcp.waitForServers(10_000);
  return created.value;
}
