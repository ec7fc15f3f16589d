// The model picker's options: the presets first, then each provider's models, narrowed by what the user typed
// (every word must appear in the option's name, model or provider, in any case), and the typed name as a model.
import type { ModelChoiceView, Preset, ProviderModelsView } from '@contract/schemas';

export type ModelOption =
  | { kind: 'preset'; id: string; preset: Preset }
  | { kind: 'model'; id: string; provider: string; model: string; /** A name the user typed that the provider does not list. */ typed?: true };

export interface OptionGroup {
  /** `presets`, the provider's name, or `typed`. */
  key: string;
  provider?: string;
  /** The "Use '<name>'" options: the typed name with each provider. */
  typed?: true;
  options: ModelOption[];
}

/** `default` (built from the agent's settings) first, then the named presets A–Z. */
export function sortedPresets(presets: readonly Preset[]): Preset[] {
  return [...presets].sort((a, b) => (a.name === 'default' ? -1 : b.name === 'default' ? 1 : a.name.localeCompare(b.name)));
}

function matches(filter: string, ...fields: (string | undefined)[]): boolean {
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The groups to show for `filter` (empty groups left out), each option with a stable id for aria-activedescendant. */
export function modelOptionGroups(presets: readonly Preset[], providers: readonly ProviderModelsView[], filter: string): OptionGroup[] {
  // Ids come from the unfiltered positions, so the highlighted option keeps its id while the filter changes.
  const groups: OptionGroup[] = [];
  const shownPresets = sortedPresets(presets)
    .map((preset, i): ModelOption => ({ kind: 'preset', id: `model-preset-${i}`, preset }))
    .filter((o) => o.kind === 'preset' && matches(filter, o.preset.name, o.preset.model, o.preset.provider));
  if (shownPresets.length) groups.push({ key: 'presets', options: shownPresets });
  providers.forEach((p, pi) => {
    const options = p.models
      .map((model, mi): ModelOption => ({ kind: 'model', id: `model-${pi}-${mi}`, provider: p.provider, model }))
      .filter((o) => o.kind === 'model' && matches(filter, o.model, o.provider));
    if (options.length) groups.push({ key: p.provider, provider: p.provider, options });
  });
  const typed = typedModelOptions(providers, filter);
  if (typed.length) groups.push({ key: 'typed', typed: true, options: typed });
  return groups;
}

/**
 * The name typed into the filter as a model of each provider that does not list it (a model the server has but
 * does not list, or one newer than the list): the last options, so Enter on a listed match still picks that.
 */
function typedModelOptions(providers: readonly ProviderModelsView[], filter: string): ModelOption[] {
  const model = filter.trim();
  if (!model || /\s/.test(model)) return [];
  // The id names the typed text: a highlight on it does not outlive the next keystroke, which shows listed matches first.
  return providers
    .map((p, pi) => ({ p, id: `model-typed-${pi}-${model}` }))
    .filter(({ p }) => !p.models.includes(model))
    .map(({ p, id }): ModelOption => ({ kind: 'model', id, provider: p.provider, model, typed: true }));
}

/** Whether `option` is what the chat uses now: its own model, else its preset. */
export function isChosen(option: ModelOption, active: string | undefined, chosen: ModelChoiceView | undefined): boolean {
  if (option.kind === 'model') return chosen !== undefined && chosen.provider === option.provider && chosen.model === option.model;
  return chosen === undefined && option.preset.name === active;
}
