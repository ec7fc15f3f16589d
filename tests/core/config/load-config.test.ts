// config.json loading: defaults, snake_case, legacy keys, env providers, and clear errors that never overwrite.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig, updateConfigFile } from '../../../src-main/core/config/load-config';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

let home: TempHome;
afterEach(() => home?.cleanup());

describe('loadConfig', () => {
  it('fills every default when the file is missing', () => {
    home = makeTempHome();
    const r = loadConfig(home.configFile, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.exists).toBe(false);
    expect(r.value.config.agent).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini', maxIterations: 40, maxToolResultChars: 16000 });
    expect(r.value.config.tools.my).toEqual({ enable: true, allowSet: false });
    expect(r.value.config.tools.approval.mode).toBe('ask');
    expect(r.value.config.heartbeat).toMatchObject({ enable: true, intervalMinutes: 30, dailyTokenBudget: 200000 });
    expect(r.value.config.ui.quickAskShortcut).toBe('CommandOrControl+Shift+Space');
  });

  it('reads snake_case keys, keeps provider names as written, and lets camelCase win', () => {
    home = makeTempHome({
      providers: { my_local: { api_key: 'k', base_url: 'http://127.0.0.1:1/v1' } },
      agent: { max_iterations: 7, maxIterations: 9, context_window_tokens: 8192 },
      mcp_servers: { files_srv: { command: 'node', env: { SOME_VAR: '1' } } },
    });
    const r = loadConfig(home.configFile, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.value.config.providers)).toEqual(['my_local']);
    expect(r.value.config.providers.my_local).toMatchObject({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(r.value.config.agent.maxIterations).toBe(9);
    expect(r.value.config.agent.contextWindowTokens).toBe(8192);
    expect(r.value.config.mcpServers.files_srv!.env).toEqual({ SOME_VAR: '1' });
  });

  it('migrates legacy tools.myEnabled / tools.mySet, the new keys winning', () => {
    home = makeTempHome({ tools: { myEnabled: false, mySet: true, my: { allowSet: false } } });
    const r = loadConfig(home.configFile, {});
    expect(r.ok && r.value.config.tools.my).toEqual({ enable: false, allowSet: false });
    expect(r.ok && r.value.legacyKeys).toEqual(['tools.myEnabled', 'tools.mySet']);
    home.writeConfig({ tools: { my_set: true } });
    const r2 = loadConfig(home.configFile, {});
    expect(r2.ok && r2.value.config.tools.my.allowSet).toBe(true);
  });

  it('makes an openai provider from the environment only when none is configured', () => {
    home = makeTempHome({});
    const r = loadConfig(home.configFile, { OPENAI_API_KEY: 'sk-env-123456', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(r.ok && r.value.config.providers.openai).toEqual({ apiKey: 'sk-env-123456', baseUrl: 'http://127.0.0.1:9/v1', headers: {} });
    expect(r.ok && r.value.providerFromEnv).toBe(true);
    home.writeConfig({ providers: { other: { apiKey: 'x' } } });
    const r2 = loadConfig(home.configFile, { OPENAI_API_KEY: 'sk-env-123456' });
    expect(r2.ok && Object.keys(r2.value.config.providers)).toEqual(['other']);
  });

  it('names the key path and the expected value, and leaves the file untouched', () => {
    home = makeTempHome({ agent: { maxIterations: 500 } });
    const before = readFileSync(home.configFile, 'utf8');
    const r = loadConfig(home.configFile, {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain('agent.maxIterations');
    expect(r.error).toMatch(/<=\s*100/);
    expect(r.error).toContain('left untouched');
    expect(readFileSync(home.configFile, 'utf8')).toBe(before);
  });

  it('reports broken JSON clearly', () => {
    home = makeTempHome();
    writeFileSync(home.configFile, '{ "agent": { "model": }');
    const r = loadConfig(home.configFile, {});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/not valid JSON/);
  });

  it('rejects a wrong type with the path', () => {
    home = makeTempHome({ tools: { approval: { mode: 'sometimes' } } });
    const r = loadConfig(home.configFile, {});
    expect(!r.ok && r.error).toContain('tools.approval.mode');
  });
});

describe('updateConfigFile', () => {
  it('changes one key, keeps the rest as written, and refuses invalid results', () => {
    home = makeTempHome({ agent: { model: 'm1' }, custom_note: 'keep me' });
    const r = updateConfigFile(home.configFile, (raw) => {
      (raw.agent as Record<string, unknown>).model = 'm2';
    });
    expect(r.ok && r.value.agent.model).toBe('m2');
    const written = JSON.parse(readFileSync(home.configFile, 'utf8'));
    expect(written).toEqual({ agent: { model: 'm2' }, customNote: 'keep me' });
    const bad = updateConfigFile(home.configFile, (raw) => {
      (raw.agent as Record<string, unknown>).maxIterations = 0;
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('invalid');
    expect(!bad.ok && bad.error.message).toContain('Nothing was changed');
    expect(JSON.parse(readFileSync(home.configFile, 'utf8')).agent).toEqual({ model: 'm2' });
  });
});

describe('what config.json says in words', () => {
  it('a UTF-8 byte order mark (Notepad writes one) is accepted, when loading and when changing the file', () => {
    home = makeTempHome();
    writeFileSync(home.configFile, `\uFEFF${JSON.stringify({ agent: { model: 'bom-model' } })}`);
    const loaded = loadConfig(home.configFile, {});
    expect(loaded.ok && loaded.value.config.agent.model).toBe('bom-model');
    const changed = updateConfigFile(home.configFile, (raw) => {
      (raw.agent as Record<string, unknown>).maxIterations = 7;
    });
    expect(changed.ok && changed.value.agent).toMatchObject({ model: 'bom-model', maxIterations: 7 });
  });

  it.each([
    ['agent.model', { agent: { model: 'm'.repeat(300) } }, 'at most 256 characters (a model name)'],
    ['modelPresets.fast.model', { modelPresets: { fast: { model: 'm'.repeat(300) } } }, 'at most 256 characters (a model name)'],
    ['providers.p.baseUrl', { providers: { p: { baseUrl: `https://x.test/${'a'.repeat(3000)}` } } }, 'at most 2,048 characters (a URL)'],
    ['providers.p.headers.X-Org', { providers: { p: { headers: { 'X-Org': 'v'.repeat(9000) } } } }, 'at most 8,192 characters (a header value)'],
    ['mcpServers.s.url', { mcpServers: { s: { url: `https://x.test/${'a'.repeat(3000)}` } } }, 'at most 2,048 characters (a URL)'],
    ['tools.web.proxy', { tools: { web: { proxy: `http://${'p'.repeat(3000)}` } } }, 'at most 2,048 characters (a URL)'],
  ])('%s too long: refused, naming the key', (key, config, words) => {
    home = makeTempHome(config);
    const loaded = loadConfig(home.configFile, {});
    expect(!loaded.ok && loaded.error).toContain(`${key}: ${words}`);
  });
});
