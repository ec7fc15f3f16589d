// models:* handlers: the models of every configured provider for the chat's picker (kept a while, read again on
// refresh), and the user's own pick of one for a chat, stored on the session in place of its preset.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { ModelCatalog } from '../../model/providers/model-catalog';
import { ensureSession, updateSessionMeta } from '../../store/sessions.repo';
import { ipcFail, ipcOk } from '../ipc-values';

type ModelHandlers = Pick<InvokeHandlers, 'models:list' | 'models:choose'>;

export function createModelHandlers(core: Core, catalog = new ModelCatalog(() => core.clock.now())): ModelHandlers {
  return {
    async 'models:list'(args) {
      const providers = await catalog.list(core.config(), args?.refresh === true);
      return ipcOk({ providers: providers.map((p) => ({ ...p, models: [...p.models] })) });
    },

    async 'models:choose'({ sessionKey, provider, model }) {
      if (!core.config().providers[provider]) return ipcFail('not_found', `No provider "${provider}" in the settings.`);
      const chosen = model.trim();
      if (!chosen) return ipcFail('invalid_input', 'Name a model.');
      ensureSession(core.db, sessionKey, core.clock.now());
      updateSessionMeta(core.db, sessionKey, { model: { provider, model: chosen }, modelPreset: undefined });
      core.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
      return ipcOk({ provider, model: chosen });
    },
  };
}
