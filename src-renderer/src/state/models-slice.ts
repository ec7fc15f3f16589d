// Models slice: every model of every configured provider for the chat's picker (read once, again on refresh), and
// the user's pick of one for a chat with no preset (a new chat is started when none is open).
import { t } from '../i18n/i18n';
import type { ModelChoiceView, ProviderModelsView, SessionSummary } from '@contract/schemas';
import { call } from './ipc-call';
import type { SliceCreator } from './store-types';

export interface ModelsSlice {
  /** Each provider's models (or why they could not be read); null before the first read. */
  providerModels: ProviderModelsView[] | null;
  providerModelsLoading: boolean;
  /** Reads the providers' model lists (main keeps them a while; `refresh` reads them again). */
  loadProviderModels(refresh?: boolean): Promise<void>;
  /** The user picks a model for a chat; the chat's key, or null (with a toast) on a refusal. */
  chooseModel(sessionKey: string | null, provider: string, model: string): Promise<string | null>;
}

/** A chat's summary with its own model in place of its preset. */
function withOwnModel(s: SessionSummary, model: ModelChoiceView): SessionSummary {
  const { modelPreset: _preset, ...rest } = s;
  return { ...rest, model };
}

export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get, deps) => {
  const { api } = deps;
  let seq = 0;
  return {
    providerModels: null,
    providerModelsLoading: false,

    async loadProviderModels(refresh = false) {
      const mine = ++seq;
      set({ providerModelsLoading: true });
      const res = await call(api.models.list(refresh ? { refresh } : undefined));
      if (mine !== seq) return;
      set({ providerModelsLoading: false, ...(res.ok ? { providerModels: res.value.providers } : {}) });
      if (!res.ok) get().pushToast({ title: t('chat.modelPicker.listFailed'), body: res.message, tone: 'error' });
    },

    async chooseModel(sessionKey, provider, model) {
      const key = sessionKey ?? (await get().newChat());
      if (!key) return null;
      const res = await call(api.models.choose({ sessionKey: key, provider, model }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.modelPicker.notChanged'), body: res.message, tone: 'error' });
        return null;
      }
      set((s) => ({ sessions: s.sessions.map((x) => (x.key === key ? withOwnModel(x, res.value) : x)) }));
      return key;
    },
  };
};
