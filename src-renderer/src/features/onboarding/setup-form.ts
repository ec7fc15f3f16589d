// First-run setup as pure data: the draft for a preset, what is wrong with it (as catalogue keys), the model to
// preselect from a server's list, and the one settings patch that saves it.
import type { SettingsPatch, SettingsView } from '@contract/schemas';
import { providerPreset, type ProviderPreset } from '@contract/provider-presets';
import { isHttpUrl } from '../settings/settings-form';

export interface SetupDraft {
  preset: string;
  baseUrl: string;
  apiKey: string;
  /** Chosen from the list the test returned. */
  model: string;
}

/** What the form says is wrong: a catalogue key per field (`onboarding.errors.*`). */
export type SetupErrors = Partial<Record<'baseUrl' | 'apiKey' | 'model', 'urlNeeded' | 'urlTemplate' | 'keyNeeded' | 'modelNeeded'>>;

/** The start of a draft for `preset` (a local server that was found starts at the address it answered on). */
export function draftFor(preset: ProviderPreset, foundAt?: string): SetupDraft {
  return { preset: preset.id, baseUrl: foundAt ?? preset.baseUrl, apiKey: '', model: '' };
}

/** What must be fixed before the address can be tested (`forSave`: and before it is saved). */
export function setupErrors(draft: SetupDraft, forSave: boolean): SetupErrors {
  const preset = providerPreset(draft.preset);
  const errors: SetupErrors = {};
  const url = draft.baseUrl.trim();
  if (/<[^>]+>/.test(url)) errors.baseUrl = 'urlTemplate';
  else if (!isHttpUrl(url)) errors.baseUrl = 'urlNeeded';
  if (preset?.key === 'required' && !draft.apiKey.trim()) errors.apiKey = 'keyNeeded';
  if (forSave && !draft.model.trim()) errors.model = 'modelNeeded';
  return errors;
}

/**
 * The model to preselect from the server's list: the configured default when the server offers it, else the
 * first one (the default is not kept when the server lacks it).
 */
export function preselectModel(models: readonly string[], currentDefault: string): string {
  return models.includes(currentDefault) ? currentDefault : (models[0] ?? '');
}

/** Saves the provider under the preset's id and makes it (with the chosen model) the agent's default. */
export function setupPatch(draft: SetupDraft): SettingsPatch {
  const preset = providerPreset(draft.preset);
  const key = draft.apiKey.trim();
  const viaHeader = Boolean(preset?.keyHeader && key);
  return {
    providers: {
      [draft.preset]: {
        baseUrl: draft.baseUrl.trim(),
        ...(viaHeader ? { headers: { [preset!.keyHeader!]: key } } : key ? { apiKey: key } : {}),
      },
    },
    agent: { provider: draft.preset, model: draft.model.trim() },
  };
}

/** True when no provider can answer a turn yet: none configured, or the agent's provider is not one of them. */
export function needsSetup(config: SettingsView | undefined): boolean {
  if (!config) return false;
  return Object.keys(config.providers).length === 0 || !config.providers[config.agent.provider];
}
