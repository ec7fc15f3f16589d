// First-run setup's pure part: what blocks a test or a save, which model is preselected (the default only when the
// server offers it), the one patch that saves the provider as the agent's, and when the setup is needed at all.
import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, providerPreset } from '../../src-preload/contract/provider-presets';
import { draftFor, needsSetup, preselectModel, setupErrors, setupPatch } from '../../src-renderer/src/features/onboarding/setup-form';

const preset = (id: string) => providerPreset(id)!;

describe('first-run setup form', () => {
  it('needs an http(s) address with every <part> filled in, and a key where the provider requires one', () => {
    expect(setupErrors(draftFor(preset('openai')), false)).toEqual({ apiKey: 'keyNeeded' });
    expect(setupErrors({ ...draftFor(preset('openai')), apiKey: 'sk-x' }, false)).toEqual({});
    expect(setupErrors(draftFor(preset('azure')), false)).toMatchObject({ baseUrl: 'urlTemplate' });
    expect(setupErrors({ ...draftFor(preset('custom')), baseUrl: 'ftp://host/v1' }, false)).toEqual({ baseUrl: 'urlNeeded' });
    expect(setupErrors(draftFor(preset('ollama')), false)).toEqual({});
    expect(setupErrors(draftFor(preset('ollama')), true)).toEqual({ model: 'modelNeeded' });
  });

  it('keeps the default model only when the server offers it', () => {
    expect(preselectModel(['llama3.2', 'qwen3:8b'], 'gpt-4.1-mini')).toBe('llama3.2');
    expect(preselectModel(['gpt-4.1', 'gpt-4.1-mini'], 'gpt-4.1-mini')).toBe('gpt-4.1-mini');
    expect(preselectModel([], 'gpt-4.1-mini')).toBe('');
  });

  it('saves the provider under the preset\'s name as the agent\'s, Azure\'s key in its header', () => {
    expect(setupPatch({ preset: 'ollama', baseUrl: ' http://127.0.0.1:11434/v1 ', apiKey: '', model: 'qwen3:8b' })).toEqual({
      providers: { ollama: { baseUrl: 'http://127.0.0.1:11434/v1' } },
      agent: { provider: 'ollama', model: 'qwen3:8b' },
    });
    expect(setupPatch({ preset: 'openrouter', baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'sk-or-1', model: 'm' }).providers).toEqual({
      openrouter: { baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'sk-or-1' },
    });
    expect(setupPatch({ preset: 'azure', baseUrl: 'https://r.openai.azure.com/openai/deployments/d?api-version=2024-10-21', apiKey: 'az', model: 'd' }).providers).toEqual({
      azure: { baseUrl: 'https://r.openai.azure.com/openai/deployments/d?api-version=2024-10-21', headers: { 'api-key': 'az' } },
    });
  });

  it('is needed while no provider can answer, not once the agent\'s is configured', () => {
    const config = (providers: Record<string, unknown>, provider: string) => ({ providers, agent: { provider } }) as never;
    expect(needsSetup(undefined)).toBe(false);
    expect(needsSetup(config({}, 'openai'))).toBe(true);
    expect(needsSetup(config({ local: {} }, 'openai'))).toBe(true);
    expect(needsSetup(config({ openai: {} }, 'openai'))).toBe(false);
  });

  it('offers the local servers people run, each a unique name', () => {
    expect(PROVIDER_PRESETS.filter((p) => p.local).map((p) => p.id)).toEqual(['ollama', 'lmstudio', 'vllm']);
    expect(new Set(PROVIDER_PRESETS.map((p) => p.id)).size).toBe(PROVIDER_PRESETS.length);
  });
});
