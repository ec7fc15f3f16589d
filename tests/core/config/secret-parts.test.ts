// Credentials inside URLs and command lines: which parts are secrets, their masks, and how a form's masked
// value is put back (on the same origin only).
import { describe, expect, it } from 'vitest';
import { argSecrets, maskArgs, maskUrlSecrets, unmaskArgs, unmaskUrlSecrets, urlSecrets } from '../../../src-main/core/config/secret-parts';
import { applySettingsPatch, toSettingsView } from '../../../src-main/core/api/handlers/settings-view';
import { configSchema } from '../../../src-preload/contract/config-schema';

const STORED = 'https://me:pw-secret-1@llm.example/v1?api-key=qk-secret-123&deployment=gpt';

describe('URLs', () => {
  it('finds and masks the password and secret query values, and leaves other URLs as written', () => {
    expect(urlSecrets(STORED)).toEqual(['pw-secret-1', 'me:pw-secret-1', 'me:pw-secret-1', 'qk-secret-123']);
    expect(maskUrlSecrets(STORED)).toBe('https://me:••••@llm.example/v1?api-key=••••&deployment=gpt');
    expect(maskUrlSecrets('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(maskUrlSecrets('not a url')).toBe('not a url');
  });

  it('puts the stored parts back on the same origin, keeping what the user changed', () => {
    expect(unmaskUrlSecrets('https://me:••••@llm.example/v2?api-key=••••&deployment=gpt-4', STORED)).toBe(
      'https://me:pw-secret-1@llm.example/v2?api-key=qk-secret-123&deployment=gpt-4',
    );
    expect(unmaskUrlSecrets('https://llm.example/v1?api-key=typed-new', STORED)).toBe('https://llm.example/v1?api-key=typed-new');
  });

  it('drops them when the URL now names another host', () => {
    const moved = unmaskUrlSecrets('https://me:••••@attacker.example/v1?api-key=••••&deployment=gpt', STORED);
    expect(moved).toBe('https://me@attacker.example/v1?deployment=gpt');
    expect(moved).not.toContain('secret');
  });
});

describe('command lines', () => {
  const args = ['server.js', '--token', 'ghp_1234567890abcdefghij', 'API_KEY=k-0042-zzz', '--port', '8080', 'plain-word'];

  it('finds flag values, NAME=value and long token-shaped words; masks them', () => {
    expect(argSecrets(args)).toEqual(['ghp_1234567890abcdefghij', 'k-0042-zzz']);
    expect(maskArgs(args)).toEqual(['server.js', '--token', '••••', 'API_KEY=••••', '--port', '8080', 'plain-word']);
    expect(argSecrets(['x', 'abcdefghijklmnopqrstuvwxyz0123456789'])).toEqual(['abcdefghijklmnopqrstuvwxyz0123456789']);
  });

  it('a masked word sent back takes the stored word at that place', () => {
    expect(unmaskArgs(maskArgs(args), args)).toEqual(args);
    expect(unmaskArgs(['server.js', '--token', '••••'], ['other.js', '--key', 'x'])).toEqual(['server.js', '--token', '••••']);
  });
});

describe('the settings page', () => {
  const config = configSchema.parse({
    providers: { az: { apiKey: 'sk-az-key-000011112222', baseUrl: STORED } },
    mcpServers: { gh: { command: 'node', args: ['s.js', '--token', 'ghp_1234567890abcdefghij'], url: undefined } },
  });

  it('sees URL and command-line secrets masked, and saving its own view changes nothing', () => {
    const view = toSettingsView(config);
    const text = JSON.stringify(view);
    for (const secret of ['pw-secret-1', 'qk-secret-123', 'ghp_1234567890abcdefghij']) expect(text).not.toContain(secret);
    const raw: Record<string, any> = JSON.parse(JSON.stringify(config));
    const { mcpServers, providers } = view;
    applySettingsPatch(raw, { providers: { az: { ...providers.az!, headers: {} } }, mcpServers } as never, config, (s) => s);
    expect(raw.providers.az.baseUrl).toBe(STORED);
    expect(raw.mcpServers.gh.args).toEqual(['s.js', '--token', 'ghp_1234567890abcdefghij']);
  });
});
