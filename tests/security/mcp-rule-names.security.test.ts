// "Always allow" for an MCP tool names its server and the tool's own name, through the real agent loop (mode ask,
// then nobody at a terminal): a server whose name cleans to the same model-facing name (`my.files` next to
// `my_files`), or a server renamed in config to such a name, gets nothing of the other's rule; the tool the user
// allowed still runs without asking.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/nanotray-core';
import { createCore } from '../../src-main/core/nanotray-core';
import type { McpBackedTool } from '../../src-main/core/tools/approvals/mcp-tool-rule';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { useScriptedCore } from '../helpers/scripted-core';
import { fixtureServer } from '../core/mcp/mcp-test-kit';

const t = useScriptedCore({ approvalMode: 'auto' });
let dir = '';
let open: Core | undefined;

afterEach(async () => {
  await open?.dispose();
  open = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The fixture server `label` logging every `peek` it receives. */
const server = (label: string, log: string): Record<string, unknown> => fixtureServer(label, { env: { FIXTURE_LOG: log } });

/** Writes `servers` into the test home's config and starts a core on it (the same database each time). */
async function startWith(servers: Record<string, unknown>): Promise<Core> {
  const current = open ?? t.core;
  const updated = current.updateConfig((raw) => {
    raw.mcpServers = servers;
  });
  if (!updated.ok) throw new Error(updated.error.message);
  await current.dispose();
  const created = createCore({ host: 'test', home: t.home.home, env: { PATH: process.env.PATH ?? '' }, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  open = created.value;
  await open.mcp.waitForServers(10_000);
  return open;
}

/** The model-facing name of `tool` of `server` in this core. */
function nameOf(core: Core, serverName: string, tool: string): string {
  const found = core.tools.names().find((n) => {
    const backed = core.tools.get(n) as Partial<McpBackedTool> | undefined;
    return backed?.mcpServer === serverName && backed.mcpToolName === tool;
  });
  if (!found) throw new Error(`no tool ${tool} of ${serverName}: ${core.tools.names().join(', ')}`);
  return found;
}

/** The user, at a terminal, answers "always allow" to the one tool call the model makes. */
async function allowAlways(core: Core, toolName: string): Promise<void> {
  const off = core.events.on((event) => {
    if (event.type === 'approval.requested') queueMicrotask(() => core.approvals.resolve(event.id, 'allow_always'));
  });
  t.llm.enqueue({ toolCalls: [{ id: 'first', name: toolName, arguments: { q: 'allowed-by-user' } }] }, { text: 'ok' });
  await core.sessions.run({ sessionKey: 'chat:user', text: 'peek', interactive: true });
  off();
}

const logged = (log: string): string => (existsSync(log) ? readFileSync(log, 'utf8') : '');

describe('MCP rules name the server and the tool (mode ask)', () => {
  it("an always-allow for my_files' peek does not run my.files' peek, whose cleaned name is the same", async () => {
    dir = mkdtempSync(join(tmpdir(), 'nanotray-mcp-rules-'));
    const log = join(dir, 'peek.log');
    t.open({ tools: { approval: { mode: 'ask' } } });
    const before = await startWith({ my_files: server('my_files', log) });
    await allowAlways(before, nameOf(before, 'my_files', 'peek'));
    expect(logged(log)).toContain('my_files peek allowed-by-user');

    // A second server joins whose name cleans to the same `my_files`; nobody is at a terminal now.
    const core = await startWith({ my_files: server('my_files', log), 'my.files': server('my.files', log) });
    const own = nameOf(core, 'my_files', 'peek');
    const other = nameOf(core, 'my.files', 'peek');
    expect(own).not.toBe(other);
    t.llm.enqueue(
      { toolCalls: [{ id: 'other', name: other, arguments: { q: 'stolen' } }, { id: 'own', name: own, arguments: { q: 'still-allowed' } }] },
      { text: 'Done.' },
    );
    await core.sessions.run({ sessionKey: 'cron:job', text: 'peek both', interactive: false });
    expect(recordedToolResult(t.llm.requests, 'other')).toContain("needs the user's approval");
    expect(logged(log)).not.toContain('stolen');
    expect(logged(log)).toContain('my_files peek still-allowed');
  });

  it('a server renamed in config does not inherit the rules of its old name', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nanotray-mcp-rules-'));
    const log = join(dir, 'peek.log');
    t.open({ tools: { approval: { mode: 'ask' } } });
    const before = await startWith({ 'my.files': server('my.files', log) });
    await allowAlways(before, nameOf(before, 'my.files', 'peek'));

    const core = await startWith({ my_files: server('my_files', log) });
    t.llm.enqueue({ toolCalls: [{ id: 'renamed', name: nameOf(core, 'my_files', 'peek'), arguments: { q: 'after-rename' } }] }, { text: 'Done.' });
    await core.sessions.run({ sessionKey: 'cron:job', text: 'peek', interactive: false });
    expect(recordedToolResult(t.llm.requests, 'renamed')).toContain("needs the user's approval");
    expect(logged(log)).not.toContain('after-rename');
  });
});
