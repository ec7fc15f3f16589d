// Slash commands against the core's real services: runtime policy, heartbeat, cron and skills.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { getSession } from '../../../src-main/core/store/sessions.repo';
import { listAudit } from '../../../src-main/core/store/audit.repo';

let home: TempHome;
let core: Core;
const run = async (text: string, sessionKey = 'cli:default') => (await core.commands.execute(sessionKey, text)).output;

function open(config: Record<string, unknown>): void {
  home = makeTempHome(config);
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
}

beforeEach(() => {
  open({
    providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl: 'http://127.0.0.1:9/v1' } },
    agent: { provider: 'test', model: 'main-model' },
    modelPresets: { fast: { model: 'fast-model', contextWindowTokens: 128000 } },
    tools: { my: { allowSet: true } },
  });
});

afterEach(async () => {
  await core.dispose();
  home.cleanup();
});

it('/my reads through the runtime policy, with its protections', async () => {
  expect(await run('/my max_iterations')).toBe('max_iterations: 40');
  expect(await run('/my web_config.search.api_key')).toBe("Error: 'api_key' is not accessible");
  expect((await run('/my')).split('\n')[0]).toBe('max_iterations: 40');
});

it('/model switches the session preset with the same rules as my', async () => {
  expect(await run('/model fast')).toBe(
    'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 128000',
  );
  expect((await run('/model')).split('\n')[0]).toBe('Model preset: fast (model fast-model, provider test, context 128000 tokens)');
  expect((await run('/model', 'cli:other')).split('\n')[0]).toBe('Model preset: default (model main-model, provider test, context 200000 tokens)');
  expect(await run('/model nope')).toBe("Error: model_preset 'nope' not found. Available: default, fast.");
});

it('/model is the user\'s own choice: allowed with tools.my.allowSet = false, which still stops the agent\'s my set', async () => {
  await core.dispose();
  home.cleanup();
  open({ modelPresets: { fast: { model: 'fast-model' } } });
  expect(await run('/model fast')).toBe(
    'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 200000',
  );
  expect(getSession(core.db, 'cli:default')?.meta.modelPreset).toBe('fast');
  const bySelf = core.runtime.set('model_preset', 'default', { sessionKey: 'cli:default', source: 'tool' });
  expect(bySelf.ok ? bySelf.value : bySelf.error.message).toBe('Error: set is disabled (tools.my.allow_set is false)');
  expect(getSession(core.db, 'cli:default')?.meta.modelPreset).toBe('fast');
  const audit = listAudit(core.db, 5).map((a) => [a.key, a.outcome, a.detail]);
  expect(audit).toEqual([
    ['model_preset', 'disabled', 'DISABLED model_preset'],
    ['model_preset', 'accepted', 'model_preset: "default" -> "fast" (the user\'s choice)'],
  ]);
});

it('/heartbeat shows, pauses and resumes the heartbeat', async () => {
  expect((await run('/heartbeat')).split('\n')[0]).toMatch(/^Heartbeat: \w+ \(every 30 min\)$/);
  const paused = await run('/heartbeat pause');
  expect(paused.split('\n').slice(0, 2)).toEqual(['Heartbeat paused.', 'Heartbeat: paused (every 30 min)']);
  expect((await run('/heartbeat resume')).split('\n')[0]).toBe('Heartbeat resumed.');
});

it('/cron lists and removes real jobs', async () => {
  expect(await run('/cron')).toBe('No cron jobs.');
  const added = core.cron.add({ sessionKey: 'cli:default', message: 'stand up', name: 'standup', every_seconds: 3600 });
  expect(added.ok).toBe(true);
  const id = added.ok ? added.value.id : '';
  const listed = await run('/cron list');
  expect(listed.split('\n')[0]).toBe('1 cron job(s):');
  expect(listed).toContain(`  ${id}  `);
  expect(listed).toContain('standup');
  expect(core.commands.complete('/cron remove ').map((c) => c.text)).toEqual([`/cron remove ${id}`]);
  expect(await run(`/cron remove ${id}`)).toBe(`Removed cron job ${id}.`);
  expect(await run(`/cron remove ${id}`)).toBe(`Error: job '${id}' not found`);
});

it('/skills lists the built-in skills', async () => {
  const out = await run('/skills');
  expect(out).toMatch(/^\d+ skill\(s\):/);
  expect(out).toMatch(/\n {2}my +\S/);
});

it('/approve server stores a real server rule the approval gate honours', async () => {
  core.updateConfig((raw) => {
    raw.mcpServers = { 'my.files': { command: 'node' } };
  });
  const out = await run('/approve server my.files');
  expect(out).toMatch(/^Every tool of MCP server 'my\.files' is now always allowed \(rule \d+; revoke it in settings\)\.$/);
  expect(core.approvals.listRules().map((r) => [r.tool, r.kind, r.pattern])).toEqual([['mcp_my_files', 'server', 'my.files']]);
});
