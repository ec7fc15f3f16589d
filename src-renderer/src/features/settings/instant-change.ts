// One choice applied at once: the patch of that choice alone (typed edits elsewhere in the form stay unsaved) and
// the change that puts the previous value back, for the toast's Undo.
import type { SettingsPatch, SettingsView } from '@contract/schemas';
import { buildPatch, draftFromSettings, type SettingsDraft } from './settings-form';

export type DraftChange = (d: SettingsDraft) => SettingsDraft;

export interface InstantChange {
  /** Only the fields this change touches, against the stored config. */
  patch: SettingsPatch;
  /** Puts the stored values of those fields back (applied the same way, for Undo). */
  undo: DraftChange;
}

/** The draft fields `change` gives a new value, compared on the stored config's draft. */
function touchedFields(before: SettingsDraft, after: SettingsDraft): (keyof SettingsDraft)[] {
  return (Object.keys(after) as (keyof SettingsDraft)[]).filter((k) => before[k] !== after[k]);
}

export function instantChange(stored: SettingsView, change: DraftChange): InstantChange {
  const clean = draftFromSettings(stored);
  const changed = change(clean);
  const previous = Object.fromEntries(touchedFields(clean, changed).map((k) => [k, clean[k]])) as Partial<SettingsDraft>;
  return { patch: buildPatch(stored, changed), undo: (d) => ({ ...d, ...previous }) };
}

/** The plain names of the settings that apply at once (their i18n keys), as the toast names them. */
export type ChoiceLabel =
  | 'settings.app.theme'
  | 'settings.app.language'
  | 'settings.app.launchAtLogin'
  | 'settings.heartbeat.run'
  | 'settings.models.vision'
  | 'settings.safety.approvals'
  | 'settings.safety.commands'
  | 'settings.safety.network'
  | 'settings.safety.restrict'
  | 'settings.safety.allowSet';

/** What a section calls for a choice: the change and the setting's plain name (for the toast). */
export type ApplyChoice = (change: DraftChange, label: ChoiceLabel) => Promise<void>;
