// Which model a turn uses: presets from config plus `default` (built from agent.* and runtime overrides).
import type { Config, ModelPreset } from '../../../src-preload/contract/config-schema';
import { errResult, okResult, type Result } from '../lib/result';
import type { RuntimeOverrides } from '../config/runtime-overrides';

export interface EffectiveModel {
  presetName: string;
  provider: string;
  model: string;
  contextWindowTokens: number;
  maxTokens: number;
  temperature: number;
  vision: boolean;
}

/** All presets by name; `default` always exists and reflects agent.* with overrides applied. */
export function listPresets(config: Config, overrides: RuntimeOverrides = {}): Record<string, ModelPreset> {
  const base: ModelPreset = {
    provider: config.agent.provider,
    model: overrides.model ?? config.agent.model,
    contextWindowTokens: overrides.contextWindowTokens ?? config.agent.contextWindowTokens,
    maxTokens: config.agent.maxTokens,
    temperature: config.agent.temperature,
    vision: config.agent.vision,
  };
  return { ...config.modelPresets, default: base };
}

/** Exact name first, else a unique case-insensitive match. */
export function resolvePresetName(config: Config, name: string, overrides: RuntimeOverrides = {}): Result<string> {
  const presets = listPresets(config, overrides);
  const wanted = name.trim();
  if (wanted in presets) return okResult(wanted);
  const matches = Object.keys(presets).filter((n) => n.toLowerCase() === wanted.toLowerCase());
  if (matches.length === 1 && matches[0]) return okResult(matches[0]);
  const available = Object.keys(presets).sort().join(', ');
  return errResult(`Error: model_preset '${name}' not found. Available: ${available}.`);
}

/** A model the user picked for a chat straight from a provider's list, with no preset of its own. */
export interface ModelChoice {
  provider: string;
  model: string;
}

/**
 * The model settings a turn runs with: the session's own model (when its provider is still configured; a preset
 * on the same provider and model lends its settings, else the agent's apply), else the session's preset, else the
 * instance default.
 */
export function effectiveModel(config: Config, overrides: RuntimeOverrides = {}, sessionPreset?: string, sessionModel?: ModelChoice): EffectiveModel {
  const presets = listPresets(config, overrides);
  if (sessionModel && config.providers[sessionModel.provider]) {
    const same = Object.keys(presets).find((n) => presets[n]!.model === sessionModel.model && (presets[n]!.provider ?? config.agent.provider) === sessionModel.provider);
    if (same) return effectiveModel(config, overrides, same);
    const base = effectiveModel(config, overrides, 'default');
    return { ...base, presetName: sessionModel.model, provider: sessionModel.provider, model: sessionModel.model };
  }
  const candidates = [sessionPreset, overrides.defaultPreset, 'default'];
  const name = candidates.find((n): n is string => Boolean(n && presets[n])) ?? 'default';
  const preset = presets[name] ?? presets.default!;
  return {
    presetName: name,
    provider: preset.provider ?? config.agent.provider,
    model: preset.model,
    contextWindowTokens: preset.contextWindowTokens ?? config.agent.contextWindowTokens,
    maxTokens: preset.maxTokens ?? config.agent.maxTokens,
    temperature: preset.temperature ?? config.agent.temperature,
    vision: preset.vision ?? config.agent.vision,
  };
}

/** A name in `agent.fallbackModels` that names no preset: tried (and failed over) with this said. */
export interface MissingPreset {
  missing: string;
}

/**
 * The models of `agent.fallbackModels` (preset names, in order) a turn on `primary` may fail over to: the primary
 * itself (same provider and model) is left out; a name that is no preset stays, as a `MissingPreset`, so the
 * failover says so instead of skipping it unseen.
 */
export function fallbackModels(config: Config, overrides: RuntimeOverrides, primary: EffectiveModel): (EffectiveModel | MissingPreset)[] {
  const presets = listPresets(config, overrides);
  const out: (EffectiveModel | MissingPreset)[] = [];
  const models: EffectiveModel[] = [primary];
  for (const name of config.agent.fallbackModels) {
    if (!presets[name]) {
      out.push({ missing: name });
      continue;
    }
    const m = effectiveModel(config, overrides, name);
    if (models.some((o) => o.provider === m.provider && o.model === m.model)) continue;
    models.push(m);
    out.push(m);
  }
  return out;
}
