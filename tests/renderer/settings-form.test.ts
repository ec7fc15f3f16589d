// Settings form: every invalid field gets its own message; the patch carries only what changed, and
// secrets only when typed (empty = keep, "remove" = null).
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '@contract/schemas';
import { buildPatch, draftFromSettings, fieldForPath, shortcutError, validateDraft } from '../../src-renderer/src/features/settings/settings-form';
import { instantChange } from '../../src-renderer/src/features/settings/instant-change';

const view: SettingsView = {
  providers: { openai: { apiKey: 'sk-…abcd', hasApiKey: true, baseUrl: 'https://api.openai.com/v1', headers: {} } },
  agent: {
    provider: 'openai', model: 'gpt-4.1-mini', maxIterations: 40, contextWindowTokens: 200000, maxTokens: 8192, temperature: 0.1,
    maxToolResultChars: 16000, maxHistoryMessages: 500, providerRetryMode: 'standard', timezone: '', workspace: '', maxConcurrentSubagents: 2, vision: false, requestTimeout: 40, fallbackModels: [],
  },
  modelPresets: { fast: { provider: 'openai', model: 'gpt-4.1-nano', contextWindowTokens: 128000 } },
  prices: {},
  tools: {
    my: { enable: true, allowSet: false },
    restrictToWorkspace: true,
    approval: { mode: 'ask' },
    exec: { enable: true, timeout: 60, denyPatterns: [], allowPatterns: [], allowedEnvKeys: [], sandbox: 'auto', network: 'ask' },
    web: { enable: true, proxy: null, allowPrivateHosts: [], search: { provider: 'duckduckgo', apiKey: '', baseUrl: '', maxResults: 5 } },
    maxTools: 128,
  },
  heartbeat: { enable: true, intervalMinutes: 30, dailyTokenBudget: 200000 },
  mcpServers: {},
  ui: { quickAskShortcut: 'CommandOrControl+Shift+Space', launchAtLogin: false, theme: 'system', language: 'system' },
};

describe('settings form', () => {
  it('an untouched draft is valid and produces an empty patch', () => {
    const d = draftFromSettings(view);
    expect(validateDraft(d)).toEqual({});
    expect(buildPatch(view, d)).toEqual({});
  });

  it('explains each invalid field', () => {
    const d = draftFromSettings(view);
    const p = d.providers[0]!;
    const bad = {
      ...d,
      providers: [{ ...p, baseUrl: 'ftp://x' }],
      agentModel: ' ',
      heartbeatInterval: '0',
      heartbeatBudget: '-5',
      activeStart: '8am',
      activeEnd: '',
      shortcut: 'Shift',
      presets: [{ ...d.presets[0]!, name: 'default', contextWindowTokens: '100' }],
    };
    const m = d.presets[0]!.id;
    expect(validateDraft(bad)).toEqual({
      [`provider.${p.id}.baseUrl`]: 'An http:// or https:// URL, e.g. https://api.openai.com/v1.',
      agentModel: 'Name the model to use, e.g. gpt-4.1-mini.',
      [`preset.${m}.name`]: '“default” is built from the default model above; pick another name.',
      [`preset.${m}.contextWindowTokens`]: 'A whole number from 4,096 to 1,000,000.',
      heartbeatInterval: 'Minutes between runs: a whole number from 1 to 10,080.',
      heartbeatBudget: 'Tokens per day: a whole number (0 = no budget).',
      activeStart: 'A time as HH:MM (24-hour), e.g. 08:00.',
      activeEnd: 'A time as HH:MM (24-hour), e.g. 22:00.',
      shortcut: 'Add a modifier (Ctrl, Alt, Shift…) so the shortcut does not steal a plain key.',
    });
  });

  it('sends a typed key, keeps the stored one when empty, removes it on request', () => {
    const d = draftFromSettings(view);
    const p = d.providers[0]!;
    expect(buildPatch(view, { ...d, providers: [{ ...p, apiKey: 'sk-new-1234' }] })).toEqual({ providers: { openai: { apiKey: 'sk-new-1234' } } });
    expect(buildPatch(view, { ...d, providers: [{ ...p, removeKey: true }] })).toEqual({ providers: { openai: { apiKey: null } } });
    expect(buildPatch(view, { ...d, providers: [{ ...p, baseUrl: 'http://127.0.0.1:11434/v1' }] })).toEqual({ providers: { openai: { baseUrl: 'http://127.0.0.1:11434/v1' } } });
  });

  it('patches presets, heartbeat hours and app settings', () => {
    const d = draftFromSettings(view);
    const patch = buildPatch(view, {
      ...d,
      presets: [],
      allowSet: true,
      heartbeatInterval: '15',
      activeStart: '08:00',
      activeEnd: '22:00',
      theme: 'dark',
    });
    expect(patch).toEqual({
      modelPresets: { fast: null },
      tools: { my: { allowSet: true } },
      heartbeat: { intervalMinutes: 15, activeHours: { start: '08:00', end: '22:00' } },
      ui: { theme: 'dark' },
    });
  });

  it('patches the sandbox of commands and their network, only what changed', () => {
    const d = draftFromSettings(view);
    expect([d.execSandbox, d.execNetwork]).toEqual(['auto', 'ask']);
    expect(buildPatch(view, { ...d, execSandbox: 'on' })).toEqual({ tools: { exec: { sandbox: 'on' } } });
    expect(buildPatch(view, { ...d, execSandbox: 'off', execNetwork: 'off' })).toEqual({ tools: { exec: { sandbox: 'off', network: 'off' } } });
  });

  it('checks shortcuts like Electron accelerators', () => {
    expect(shortcutError('CommandOrControl+Shift+Space')).toBeNull();
    expect(shortcutError('Ctrl+Alt+K')).toBeNull();
    expect(shortcutError('Ctrl++K')).toBe('Join keys with a single “+”, e.g. Ctrl+Shift+K.');
    expect(shortcutError('Hyper+K')).toBe('“Hyper” is not a modifier. Use Ctrl, Alt, Shift, Super or CommandOrControl.');
    expect(shortcutError('Ctrl+Banana')).toBe('“Banana” is not a key name. Use a letter, digit, F1–F24, Space, Tab…');
  });

  it('maps a core validation path to the field that shows it', () => {
    const d = draftFromSettings(view);
    expect(fieldForPath('heartbeat.intervalMinutes', d)).toBe('heartbeatInterval');
    expect(fieldForPath('providers.openai.baseUrl', d)).toBe(`provider.${d.providers[0]!.id}.baseUrl`);
    expect(fieldForPath('tools.exec.timeout', d)).toBeNull();
  });

  it('a choice applied at once patches only itself, and its undo puts back the stored value', () => {
    const { patch, undo } = instantChange(view, (d) => ({ ...d, restrictToWorkspace: false }));
    expect(patch).toEqual({ tools: { restrictToWorkspace: false } });
    const typed = { ...draftFromSettings(view), heartbeatInterval: '45', restrictToWorkspace: false };
    const undone = undo(typed);
    expect(undone.restrictToWorkspace).toBe(true);
    expect(undone.heartbeatInterval).toBe('45');
    expect(instantChange(view, (d) => ({ ...d, theme: 'system' })).patch).toEqual({});
  });
});
