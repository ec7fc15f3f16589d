// Settings slice: the config as the UI sees it (secrets masked), validated whole-patch saves, provider tests.
import type { CoreEvent, InvokeInput, SettingsPatch, SettingsState } from '@contract/schemas';
import { applyLanguage } from '../i18n/i18n';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';

type ProbeInput = InvokeInput<'settings:probe-provider'>;

export type SaveOutcome = { ok: true } | { ok: false; message: string; /** `agent.maxIterations` style path when the core named one. */ path: string | null };

export interface SettingsSlice {
  settings: SettingsState | null;
  settingsError: string | null;
  loadSettings(): Promise<void>;
  /** One patch, applied whole or not at all (the core validates the merged config first). */
  saveSettings(patch: SettingsPatch): Promise<SaveOutcome>;
  testProvider(name: string): Promise<{ ok: true; models: string[] } | { ok: false; message: string }>;
  /** First-run setup: the models an address (and key) not saved yet offers, or why it did not answer. */
  probeProvider(input: ProbeInput): Promise<{ ok: true; models: string[] } | { ok: false; message: string }>;
  /** Model servers running on this computer, with their models (none when the look failed). */
  detectLocalServers(): Promise<{ preset: string; baseUrl: string; models: string[] }[]>;
  applySettingsEvent(event: CoreEvent): void;
}

/** Finds the config path a validation message is about (`agent.maxIterations: Too big…`). */
export function errorPath(message: string): string | null {
  const m = /\b((?:providers|agent|modelPresets|tools|heartbeat|mcpServers|ui)(?:\.[\w-]+)+)/.exec(message);
  return m?.[1] ?? null;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get, deps) => {
  const { api } = deps;
  const reload = debounce(() => void get().loadSettings(), deps.refreshDelayMs);

  return {
    settings: null,
    settingsError: null,

    async loadSettings() {
      const res = await call(api.settings.get());
      if (!res.ok) set({ settingsError: res.message });
      else {
        set({ settings: res.value, settingsError: null });
        get().setTheme(res.value.config.ui.theme);
        await applyLanguage(res.value.config.ui.language);
      }
    },

    async saveSettings(patch) {
      const res = await call(api.settings.update({ patch }));
      if (!res.ok) return { ok: false, message: res.message, path: errorPath(res.message) };
      set({ settings: res.value, settingsError: null });
      get().setTheme(res.value.config.ui.theme);
      await applyLanguage(res.value.config.ui.language); // the caller's "saved" toast is in the new language
      return { ok: true };
    },

    async testProvider(name) {
      const res = await call(api.settings.testProvider({ name }));
      return res.ok ? { ok: true, models: res.value.models } : { ok: false, message: res.message };
    },

    async probeProvider(input) {
      const res = await call(api.settings.probeProvider(input));
      return res.ok ? { ok: true, models: res.value.models } : { ok: false, message: res.message };
    },

    async detectLocalServers() {
      const res = await call(api.settings.detectLocal());
      return res.ok ? res.value.servers : [];
    },

    applySettingsEvent(event) {
      if (event.type === 'config.changed') reload();
    },
  };
};
