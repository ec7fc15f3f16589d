// Changing a session's (or, without one, the instance's) model preset: the one check-and-apply that `my set
// model_preset` (gated by allowSet) and the user's own choice (the chat's picker, `/model`, not gated) share.
import type { Config } from '../../../src-preload/contract/config-schema';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import { effectiveModel, resolvePresetName } from '../model/model-presets';
import type { Database } from '../store/db';
import { getSession, updateSessionMeta } from '../store/sessions.repo';
import { errResult, okResult, type Result } from '../lib/result';
import { toJson } from './value-format';

export interface PresetChoiceDeps {
  db: Database;
  config(): Config;
  overrides: RuntimeOverrides;
}

/** An applied change: the text for whoever asked, and the audit detail (`model_preset: "a" -> "b"`). */
export interface PresetChange {
  name: string;
  text: string;
  detail: string;
}

/** Why a preset was not applied: not a non-blank string, or no such preset. */
export type PresetRefusal = { code: 'invalid' | 'not_found'; message: string };

/** The preset a session uses now (its own, else the instance default). */
export function currentPreset(deps: PresetChoiceDeps, sessionKey?: string): string {
  const session = sessionKey ? getSession(deps.db, sessionKey) : undefined;
  return effectiveModel(deps.config(), deps.overrides, session?.meta.modelPreset, session?.meta.model).presetName;
}

/**
 * Resolves `value` to a configured preset (exact, else a unique case-insensitive match) and applies it: saved on
 * the session (from its next turn; survives restarts), or as the instance default without one.
 */
export function applyModelPreset(deps: PresetChoiceDeps, value: unknown, sessionKey?: string): Result<PresetChange, PresetRefusal> {
  if (typeof value !== 'string' || !value.trim()) {
    return errResult({ code: 'invalid', message: "Error: 'model_preset' must be a non-blank string" });
  }
  const config = deps.config();
  const resolved = resolvePresetName(config, value, deps.overrides);
  if (!resolved.ok) return errResult({ code: 'not_found', message: resolved.error });
  const name = resolved.value;
  const before = currentPreset(deps, sessionKey);
  if (sessionKey) updateSessionMeta(deps.db, sessionKey, { modelPreset: name, model: undefined });
  else deps.overrides.defaultPreset = name;
  const next = effectiveModel(config, deps.overrides, sessionKey ? name : undefined);
  const tail = `model will be ${toJson(next.model)}; context_window_tokens will be ${next.contextWindowTokens}`;
  const text = sessionKey
    ? `Set model_preset = ${toJson(name)} for the next turn; ${tail}`
    : `Set model_preset = ${toJson(name)} (was ${toJson(before)}) as the instance default; ${tail}`;
  return okResult({ name, text, detail: `model_preset: ${toJson(before)} -> ${toJson(name)}` });
}
