// Settings view and patch rules in isolation: what gets masked, and how secrets stay write-only.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { applySettingsPatch, isSecretName, isUnchangedSecret, maskUrlCredentials, toSettingsView } from '../../../src-main/core/api/handlers/settings-view';

const encode = (plain: string): string => `sealed:${plain}`;

describe('masking', () => {
  it.each([
    ['http://user:pa55@proxy.test:8080', 'http://user:••••@proxy.test:8080'],
    ['socks5://u:p@127.0.0.1:1080', 'socks5://u:••••@127.0.0.1:1080'],
    ['http://proxy.test:8080', 'http://proxy.test:8080'],
  ])('proxy %s → %s', (url, expected) => expect(maskUrlCredentials(url)).toBe(expected));

  it.each([
    ['Authorization', true],
    ['X-Api-Key', true],
    ['GITHUB_TOKEN', true],
    ['DB_PASSWORD', true],
    ['X-Team', false],
    ['DEBUG', false],
  ])('%s is a secret name: %s', (name, expected) => expect(isSecretName(name)).toBe(expected));

  it('masks provider keys, search key, proxy credentials and secret headers/env of MCP servers', () => {
    const config = configSchema.parse({
      providers: { openai: { apiKey: 'sk-abcdefghijklmnop', headers: { 'OpenAI-Organization': 'org-1', 'X-Api-Key': 'hidden-value-1' } } },
      tools: { web: { proxy: 'http://me:secret@proxy.test:3128', search: { apiKey: 'tvly-secret-9876' } } },
      mcpServers: { fs: { command: 'node', env: { API_TOKEN: 'tok-secret-123', LOG: 'debug' } } },
    });
    const view = toSettingsView(config);
    expect(view.providers.openai).toEqual({ apiKey: '…mnop', hasApiKey: true, headers: { 'OpenAI-Organization': 'org-1', 'X-Api-Key': '…ue-1' } });
    expect(view.tools.web.proxy).toBe('http://me:••••@proxy.test:3128');
    expect(view.tools.web.search.apiKey).toBe('…9876');
    expect(view.mcpServers.fs!.env).toEqual({ API_TOKEN: '…-123', LOG: 'debug' });
    expect(JSON.stringify(view)).not.toMatch(/abcdefghijklmnop|hidden-value-1|:secret@|tvly-secret-9876|tok-secret-123/);
  });
});

describe('isUnchangedSecret', () => {
  it.each([
    ['', 'sk-abcdefghijklmnop', true],
    ['sk-…mnop', 'sk-abcdefghijklmnop', true],
    ['••••', 'short', true],
    ['sk-new-key-000000', 'sk-abcdefghijklmnop', false],
  ])('%j over %j → %s', (sent, current, expected) => expect(isUnchangedSecret(sent, current)).toBe(expected));
});

describe('applySettingsPatch', () => {
  const current = configSchema.parse({
    providers: { openai: { apiKey: 'sk-abcdefghijklmnop' }, old: { apiKey: 'x' } },
    mcpServers: { gh: { url: 'https://mcp.test/', headers: { Authorization: 'Bearer real-token-1' } } },
    heartbeat: { activeHours: { start: '08:00', end: '20:00' } },
  });
  // config.json as parsed JSON: arbitrary nesting, read back field by field below.
  const raw = (): Record<string, any> => ({
    providers: { openai: { apiKey: 'sealed:sk-abcdefghijklmnop' }, old: { apiKey: 'x' } },
    mcpServers: { gh: { url: 'https://mcp.test/', headers: { Authorization: 'sealed-header' } } },
    heartbeat: { activeHours: { start: '08:00', end: '20:00' } },
  });

  it('keeps a masked key as stored, encodes a new one, removes with null', () => {
    const a = raw();
    applySettingsPatch(a, { providers: { openai: { apiKey: '…mnop', baseUrl: 'https://api.openai.com/v2' } } }, current, encode);
    expect(a.providers.openai).toEqual({ apiKey: 'sealed:sk-abcdefghijklmnop', baseUrl: 'https://api.openai.com/v2' });
    const b = raw();
    applySettingsPatch(b, { providers: { openai: { apiKey: 'sk-new-key-000000' } } }, current, encode);
    expect(b.providers.openai.apiKey).toBe('sealed:sk-new-key-000000');
    const c = raw();
    applySettingsPatch(c, { providers: { openai: { apiKey: null }, old: null } }, current, encode);
    expect(c.providers).toEqual({ openai: {} });
  });

  it('a new host without a newly entered key drops the stored key and secret headers; with a new key it stores it', () => {
    const a = raw();
    applySettingsPatch(a, { providers: { openai: { apiKey: '…mnop', baseUrl: 'http://127.0.0.1:1/v1' } } }, current, encode);
    expect(a.providers.openai).toEqual({ baseUrl: 'http://127.0.0.1:1/v1' });
    const b = raw();
    applySettingsPatch(b, { providers: { openai: { apiKey: 'sk-for-the-new-host-1', baseUrl: 'http://127.0.0.1:1/v1' } } }, current, encode);
    expect(b.providers.openai).toEqual({ apiKey: 'sealed:sk-for-the-new-host-1', baseUrl: 'http://127.0.0.1:1/v1' });
    const c = raw();
    applySettingsPatch(c, { mcpServers: { gh: { url: 'https://elsewhere.test/', headers: { Authorization: 'Bea…en-1', 'X-Team': 'blue' } } } }, current, encode);
    expect(c.mcpServers.gh.headers).toEqual({ 'X-Team': 'blue' });
  });

  it('replaces header maps but keeps masked secret header values as stored', () => {
    const a = raw();
    applySettingsPatch(a, { mcpServers: { gh: { url: 'https://mcp.test/', headers: { Authorization: 'Bea…en-1', 'X-Team': 'blue' } } } }, current, encode);
    expect(a.mcpServers.gh.headers).toEqual({ Authorization: 'sealed-header', 'X-Team': 'blue' });
  });

  it('merges sections and deletes optional values set to null', () => {
    const a = raw();
    applySettingsPatch(a, { heartbeat: { activeHours: null, intervalMinutes: 15 }, ui: { theme: 'dark' } }, current, encode);
    expect(a.heartbeat).toEqual({ intervalMinutes: 15 });
    expect(a.ui).toEqual({ theme: 'dark' });
  });
});
