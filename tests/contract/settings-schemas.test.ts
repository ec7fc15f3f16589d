// The settings view and patch follow the config schema: every section and field, no defaults or bounds in a
// patch (the core checks the merged config), strict objects, null to remove, and the form's bounds are the schema's.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_BOUNDS, HHMM, isIntIn } from '../../src-preload/contract/config-bounds';
import { configSchema, defaultConfig, heartbeatSchema } from '../../src-preload/contract/config-schema';
import { partialShape, wholeShape } from '../../src-preload/contract/patch-shape';
import { settingsPatchSchema, settingsViewSchema } from '../../src-preload/contract/settings-schemas';
import { toSettingsView } from '../../src-main/core/api/handlers/settings-view';

const accepts = (patch: unknown) => settingsPatchSchema.safeParse(patch).success;

describe('the settings view', () => {
  it('has every section and field of config.json, and parses what the core shows', () => {
    expect(Object.keys(settingsViewSchema.shape).sort()).toEqual(Object.keys(configSchema.shape).sort());
    const config = configSchema.parse({ providers: { openai: { apiKey: 'sk-secret-123456' } }, mcpServers: { files: { command: 'node' } } });
    const view = settingsViewSchema.parse(toSettingsView(config));
    expect(view.providers.openai).toEqual({ apiKey: '…3456', hasApiKey: true, headers: {} });
    expect(view.tools.exec).toEqual(defaultConfig().tools.exec);
  });
});

describe('the settings patch', () => {
  it('takes any section alone and applies no default', () => {
    expect(settingsPatchSchema.parse({ agent: { model: 'gpt-x' } })).toEqual({ agent: { model: 'gpt-x' } });
    expect(settingsPatchSchema.parse({ tools: { exec: { sandbox: 'off' } } })).toEqual({ tools: { exec: { sandbox: 'off' } } });
    expect(settingsPatchSchema.parse({})).toEqual({});
  });

  it('leaves bounds to the core (its error names the field), but keeps types and enums', () => {
    expect(accepts({ agent: { maxIterations: 0 } })).toBe(true);
    expect(accepts({ heartbeat: { intervalMinutes: 99_999 } })).toBe(true);
    expect(accepts({ agent: { maxIterations: '12' } })).toBe(false);
    expect(accepts({ tools: { approval: { mode: 'yolo' } } })).toBe(false);
  });

  it('refuses unknown keys at every depth', () => {
    expect(accepts({ secrets: { all: true } })).toBe(false);
    expect(accepts({ tools: { web: { search: { token: 'x' } } } })).toBe(false);
    expect(accepts({ providers: { openai: { apiKey: 'k', org: 'o' } } })).toBe(false);
  });

  it('null removes secrets, entries, a provider URL and the active hours', () => {
    expect(accepts({ providers: { openai: { apiKey: null, baseUrl: null }, old: null } })).toBe(true);
    expect(accepts({ tools: { web: { search: { apiKey: null }, proxy: null } } })).toBe(true);
    expect(accepts({ modelPresets: { fast: null }, mcpServers: { files: null }, heartbeat: { activeHours: null } })).toBe(true);
    expect(accepts({ agent: { model: null } })).toBe(false);
  });

  it('sends presets, servers and active hours whole: what config.json requires is required', () => {
    expect(accepts({ modelPresets: { fast: { model: 'gpt-x' } } })).toBe(true);
    expect(accepts({ modelPresets: { fast: { contextWindowTokens: 128_000 } } })).toBe(false);
    expect(accepts({ mcpServers: { files: { command: 'node' } } })).toBe(true);
    expect(accepts({ heartbeat: { activeHours: { start: '08:00' } } })).toBe(false);
  });

  it('limits sizes: strings, lists and entry names', () => {
    expect(accepts({ agent: { model: 'x'.repeat(100_001) } })).toBe(false);
    expect(accepts({ tools: { exec: { denyPatterns: Array.from({ length: 1_001 }, () => 'rm') } } })).toBe(false);
    expect(accepts({ providers: { ['p'.repeat(201)]: { apiKey: 'k' } } })).toBe(false);
    expect(accepts({ providers: { '': { apiKey: 'k' } } })).toBe(false);
  });
});

describe('patch shapes', () => {
  const schema = z.object({ name: z.string().min(3), count: z.number().int().max(5).default(1), tags: z.array(z.string()).optional() });

  it('wholeShape requires what the schema requires and drops its checks and defaults', () => {
    expect(wholeShape(schema).parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(wholeShape(schema).safeParse({ count: 9 }).success).toBe(false);
    expect(wholeShape(schema).parse({ name: 'x', count: 9 })).toEqual({ name: 'x', count: 9 });
  });

  it('partialShape makes every field optional, at every depth', () => {
    expect(partialShape(heartbeatSchema).parse({ activeHours: { end: '22:00' } })).toEqual({ activeHours: { end: '22:00' } });
    expect(partialShape(schema).parse({})).toEqual({});
  });
});

describe('config bounds', () => {
  it('are the schema\'s: the form and the runtime policy check against the same numbers', () => {
    const interval = heartbeatSchema.shape.intervalMinutes;
    expect(interval.safeParse(CONFIG_BOUNDS.heartbeatIntervalMinutes.max).success).toBe(true);
    expect(interval.safeParse(CONFIG_BOUNDS.heartbeatIntervalMinutes.max + 1).success).toBe(false);
    expect(interval.safeParse(CONFIG_BOUNDS.heartbeatIntervalMinutes.min - 1).success).toBe(false);
    expect(isIntIn(10_080, CONFIG_BOUNDS.heartbeatIntervalMinutes)).toBe(true);
    expect(isIntIn(1.5, CONFIG_BOUNDS.heartbeatIntervalMinutes)).toBe(false);
    expect(HHMM.test('23:59') && !HHMM.test('24:00')).toBe(true);
  });
});
