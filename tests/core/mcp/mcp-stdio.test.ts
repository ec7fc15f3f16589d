// MCP over stdio against a real fixture server: names, calls, images, list_changed, env, approvals, add/remove.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addApprovalRule } from '../../../src-main/core/store/approval-rules.repo';
import { baseToolName } from '../../../src-main/core/mcp/tool-naming';
import { STDIO_FIXTURE, fixtureServer, startCore, type McpTestCore, fromServer, serverError } from './mcp-test-kit';
import { fixtureOutsideTmp } from '../../helpers/fixture-outside-tmp';

let t: McpTestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const FIXTURE_TOOLS = ['add_tool', 'crash', 'dotted_name', 'echo', 'env', 'fail', 'image', 'peek', 'pid', 'sleep'];

describe('MCP stdio servers', () => {
  it('registers sanitised, sorted tool names and calls them', async () => {
    t = startCore({ fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(10_000);
    const [status] = t.core.mcp.status();
    expect(status).toMatchObject({ name: 'fx', state: 'connected', transport: 'stdio', toolCount: 10, consecutiveFailures: 0 });
    expect(status?.tools).toEqual(FIXTURE_TOOLS.map((n) => `mcp_fx_${n}`));
    const mcpNames = t.core.tools.names().filter((n) => n.startsWith('mcp_'));
    expect(mcpNames).toEqual(FIXTURE_TOOLS.map((n) => `mcp_fx_${n}`));
    const echoSpec = t.core.tools.specs().find((s) => s.name === 'mcp_fx_echo');
    expect(echoSpec?.description).toBe("Echo the text back.\n(Tool 'echo' of MCP server 'fx'.)");
    expect(echoSpec?.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string', description: 'What to echo' } }, required: ['text'] });
    expect(await t.core.tools.execute('mcp_fx_echo', '{"text":"hi"}', t.ctx())).toEqual(fromServer('fx', 'echo', 'fx echo: hi'));
    expect(await t.core.tools.execute('mcp_fx_dotted_name', '{}', t.ctx())).toEqual(fromServer('fx', 'dotted.name', 'dotted ran'));
    expect(await t.core.tools.execute('mcp_fx_fail', '{"message":"nope"}', t.ctx())).toEqual(serverError('fx', 'fail', 'nope'));
    expect(t.events.length).toBeGreaterThan(0);
  });

  it('passes images to vision models and leaves a note otherwise', async () => {
    t = startCore({ fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(10_000);
    const seen = await t.core.tools.execute('mcp_fx_image', '{}', t.ctx({ vision: true }));
    expect(seen.ok && seen.images?.[0]?.mimeType).toBe('image/png');
    const marked = fromServer('fx', 'image', 'a tiny picture');
    expect(seen.ok && seen.output).toBe(marked.ok && marked.output);
    expect(await t.core.tools.execute('mcp_fx_image', '{}', t.ctx({ vision: false }))).toEqual(
      fromServer('fx', 'image', 'a tiny picture\n[image (image/png) omitted: the current model cannot view images]'),
    );
  });

  it('refreshes the tool list on notifications/tools/list_changed', async () => {
    t = startCore({ fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.tools.get('mcp_fx_late_tool')).toBeUndefined();
    expect(await t.core.tools.execute('mcp_fx_add_tool', '{"name":"late_tool"}', t.ctx())).toEqual(fromServer('fx', 'add_tool', 'added late_tool'));
    await vi.waitFor(() => expect(t!.core.tools.names()).toContain('mcp_fx_late_tool'), { timeout: 5000, interval: 10 });
    expect(await t.core.tools.execute('mcp_fx_late_tool', '{}', t.ctx())).toEqual(fromServer('fx', 'late_tool', 'late_tool ran'));
    expect(t.core.mcp.status()[0]?.toolCount).toBe(11);
  });

  it('gives the child only its configured env (no API keys) and the configured cwd', async () => {
    process.env.OPENAI_API_KEY = 'sk-parent-secret-should-not-leak';
    try {
      t = startCore({ fx: fixtureServer('fx', { env: { FIXTURE_VAR: 'from-config' }, cwd: 'workspace' }) });
      await t.core.mcp.waitForServers(10_000);
      const result = await t.core.tools.execute('mcp_fx_env', '{}', t.ctx());
      expect(result.ok).toBe(true);
      const env = JSON.parse(result.ok ? result.output.slice(result.output.indexOf('\n\n') + 2) : '{}') as { keys: string[]; FIXTURE_VAR: string; cwd: string };
      expect(env.FIXTURE_VAR).toBe('from-config');
      expect(env.keys).not.toContain('OPENAI_API_KEY');
      expect(env.keys.filter((k) => !['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'FIXTURE_VAR'].includes(k))).toEqual([]);
      expect(env.cwd).toBe(t.core.workspace());
    } finally {
      delete process.env.OPENAI_API_KEY;
    }
  });

  it('resolves name collisions deterministically', async () => {
    t = startCore({ 'x.y': fixtureServer('dot'), x_y: fixtureServer('underscore') });
    await t.core.mcp.waitForServers(10_000);
    const names = t.core.tools.names();
    expect(baseToolName('x.y', 'echo')).toBe('mcp_x_y_echo');
    // 'x.y' and 'x_y' clean alike: neither keeps the plain name, each carries a hash of its real name.
    expect(names).not.toContain('mcp_x_y_echo');
    const echoes = names.filter((n) => /^mcp_x_y_[0-9a-f]{6}_echo$/.test(n));
    expect(echoes).toHaveLength(2);
    const core = t;
    const results = await Promise.all(echoes.map((n) => core.core.tools.execute(n, '{"text":"a"}', core.ctx())));
    expect(results).toEqual(expect.arrayContaining([fromServer('x.y', 'echo', 'dot echo: a'), fromServer('x_y', 'echo', 'underscore echo: a')]));
    expect(names.filter((n) => n.startsWith('mcp_x_y_'))).toHaveLength(20);
  });

  it('applies approval categories: command by default, read only for readOnlyHint on a trusted server', async () => {
    t = startCore({ fx: fixtureServer('fx'), safe: fixtureServer('safe', { trusted: true }) }, { config: { tools: { approval: { mode: 'ask' } } } });
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.tools.get('mcp_fx_echo')?.category).toBe('command');
    // The annotation is the server's own claim: it counts only for a server the user marked trusted.
    expect(t.core.tools.get('mcp_fx_peek')?.category).toBe('command');
    expect(t.core.tools.get('mcp_safe_echo')?.category).toBe('command');
    expect(t.core.tools.get('mcp_safe_peek')?.category).toBe('read');
    // Non-interactive and mode "ask": command tools are refused, read tools run.
    for (const name of ['mcp_fx_echo', 'mcp_fx_peek', 'mcp_safe_echo']) {
      const refused = await t.core.tools.execute(name, '{"text":"x"}', t.ctx());
      expect(refused.ok ? '' : refused.error.message).toMatch(new RegExp(`^Error: ${name} needs the user's approval`));
      expect(refused.ok ? '' : refused.error.code).toBe('needs_approval');
    }
    expect(await t.core.tools.execute('mcp_safe_peek', '{}', t.ctx())).toEqual(fromServer('safe', 'peek', 'peeked'));
    // "Always allow" for the whole server.
    addApprovalRule(t.core.db, { tool: 'mcp_fx', kind: 'server', pattern: 'fx' }, 1);
    expect(await t.core.tools.execute('mcp_fx_echo', '{"text":"x"}', t.ctx())).toEqual(fromServer('fx', 'echo', 'fx echo: x'));
  });

  it('matches a per-server "always allow" on the server name, not on a tool-name prefix', async () => {
    t = startCore({ 'my.files': fixtureServer('dotted'), my: fixtureServer('short') }, { config: { tools: { approval: { mode: 'ask' } } } });
    await t.core.mcp.waitForServers(10_000);
    addApprovalRule(t.core.db, { tool: 'mcp_my', kind: 'server', pattern: 'my' }, 1);
    expect(await t.core.tools.execute('mcp_my_echo', '{"text":"x"}', t.ctx())).toEqual(fromServer('my', 'echo', 'short echo: x'));
    // `mcp_my_files_echo` starts with `mcp_my_` but belongs to server 'my.files', which has no rule.
    expect((await t.core.tools.execute('mcp_my_files_echo', '{"text":"x"}', t.ctx())).ok).toBe(false);
    addApprovalRule(t.core.db, { tool: 'mcp_my_files', kind: 'server', pattern: 'my.files' }, 2);
    expect(await t.core.tools.execute('mcp_my_files_echo', '{"text":"x"}', t.ctx())).toEqual(fromServer('my.files', 'echo', 'dotted echo: x'));
  });

  it('does not connect before start, then connects when asked', async () => {
    t = startCore({ fx: fixtureServer('fx'), off: fixtureServer('off', { enable: false }) }, { startBackground: false });
    expect(t.core.mcp.status().map((s) => [s.name, s.state])).toEqual([['fx', 'idle'], ['off', 'disabled']]);
    expect(t.core.tools.names().filter((n) => n.startsWith('mcp_'))).toEqual([]);
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.mcp.status().map((s) => [s.name, s.state])).toEqual([['fx', 'connected'], ['off', 'disabled']]);
  });

  it('reports a server that cannot start, without delaying anything', async () => {
    t = startCore({ dead: fixtureServer('dead', {}, ['--exit-at-start']) });
    await t.core.mcp.waitForServers(10_000);
    const [dead] = t.core.mcp.status();
    expect(dead).toMatchObject({ name: 'dead', state: 'failing', toolCount: 0, consecutiveFailures: 1 });
    expect(dead?.error).toContain('(stderr: fixture: refusing to start)');
    expect(dead?.retryAt).toBe(t.clock.now() + 1000);
    const status = await t.core.commands.execute('cli:test', '/mcp status');
    expect(status.output).toContain("dead  failing  0 tool(s)  (stdio, not sandboxed) — ");
    expect(status.output).toContain('; retrying after 2026-11-29 20:00:01Z');
  });

  it('reports a command that does not exist', async () => {
    t = startCore({ nope: { command: 'nanotray-no-such-binary-4711' } });
    await t.core.mcp.waitForServers(10_000);
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'failing', toolCount: 0 });
    expect(t.core.mcp.status()[0]?.error).toContain('ENOENT');
  });

  it('a call cancelled by the user is not a server failure', async () => {
    t = startCore({ fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(10_000);
    const controller = new AbortController();
    const call = t.core.tools.execute('mcp_fx_sleep', '{"ms":60000}', t.ctx({ signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    expect(await call).toEqual({ ok: false, error: { code: 'cancelled', message: "Error: the call to MCP tool 'sleep' was cancelled" } });
    expect(t.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0 });
  });

  it('/mcp add and /mcp remove edit config.json and connect or disconnect at once', async () => {
    t = startCore({}, { config: { ui: { theme: 'dark' } } });
    // added sandboxed (the default): the fixture bundled out of /tmp, which the sandbox hides
    const fixture = await fixtureOutsideTmp(STDIO_FIXTURE);
    const added = await t.core.commands.execute('cli:test', `/mcp add fresh "${process.execPath}" "${fixture}" fresh`);
    expect(added.output).toBe(
      "Added MCP server 'fresh'.\nMCP servers:\n  fresh  connected  10 tool(s)  (stdio, sandboxed)",
    );
    expect(t.core.tools.names()).toContain('mcp_fresh_echo');
    const saved = JSON.parse(readFileSync(t.home.configFile, 'utf8'));
    expect(saved.mcpServers.fresh.command).toBe(process.execPath);
    expect(saved.ui).toEqual({ theme: 'dark' });
    expect((await t.core.commands.execute('cli:test', '/mcp add fresh node x.js')).output).toBe(
      "Error: MCP server 'fresh' already exists; remove it first or edit config.json.",
    );
    expect((await t.core.commands.execute('cli:test', '/mcp add "bad name" node x.js')).output).toMatch(/^Error: MCP server name 'bad name' must start/);
    expect((await t.core.commands.execute('cli:test', '/mcp remove fresh')).output).toBe("Removed MCP server 'fresh'.");
    expect(t.core.tools.names().filter((n) => n.startsWith('mcp_'))).toEqual([]);
    expect(JSON.parse(readFileSync(t.home.configFile, 'utf8')).mcpServers).toEqual({});
    expect(t.core.mcp.status()).toEqual([]);
  });
});
