// Rewriting the end of a chat from the window: Regenerate (and Retry after a failure) asks for a new answer to the
// last question, edit and resend replaces a message and what followed it. The conversation shows the cut at once;
// a refusal puts it back and says why.
import type { NanotrayApi } from '@contract/api';
import { t as translate } from '../i18n/i18n';
import { call } from './ipc-call';
import type { GetState } from './store-types';
import type { ChatItem, Thread } from './types';

interface RewriteDeps {
  get: GetState;
  api: NanotrayApi;
  now(): number;
  updateThread(key: string, fn: (t: Thread) => Thread): void;
  localId(prefix: string): string;
}

export interface RewriteActions {
  regenerate(sessionKey: string): Promise<boolean>;
  editAndResend(sessionKey: string, itemId: string, text: string): Promise<boolean>;
}

export function createRewriteActions({ get, api, now, updateThread, localId }: RewriteDeps): RewriteActions {
  /** Shows `kept` at once (the answer, or the edited message and what followed, is gone), then asks the core. */
  async function restart(key: string, kept: ChatItem[], ask: () => ReturnType<typeof api.chat.regenerate>): Promise<boolean> {
    const before = get().threads[key];
    if (!before) return false;
    updateThread(key, (t) => ({ ...t, items: kept, error: null, turnId: 'pending', streamText: '', streamReasoning: '' }));
    const res = await call(ask());
    if (!res.ok) {
      updateThread(key, (t) => ({ ...t, items: before.items, turnId: t.turnId === 'pending' ? null : t.turnId }));
      get().pushToast({ title: translate('chat.rewrite.againFailed'), body: res.message, tone: 'error' });
      return false;
    }
    updateThread(key, (t) => (t.turnId === 'pending' ? { ...t, turnId: res.value.turnId || null } : t));
    return true;
  }

  return {
    async regenerate(sessionKey) {
      const t = get().threads[sessionKey];
      if (!t || t.turnId) return false;
      const lastUser = t.items.map((i) => i.kind).lastIndexOf('user');
      if (lastUser < 0) return false;
      return restart(sessionKey, t.items.slice(0, lastUser + 1), () => api.chat.regenerate({ sessionKey }));
    },

    async editAndResend(sessionKey, itemId, rawText) {
      const text = rawText.trim();
      const t = get().threads[sessionKey];
      const index = t ? t.items.findIndex((i) => i.id === itemId) : -1;
      const original = t?.items[index];
      if (!t || t.turnId || !original || original.kind !== 'user' || !original.turnId || !text) return false;
      const edited: ChatItem = { ...original, id: localId('u'), text, at: now() };
      const ok = await restart(sessionKey, [...t.items.slice(0, index), edited], () =>
        api.chat.edit({ sessionKey, turnId: original.turnId!, text, ...(original.images?.length ? { images: original.images } : {}) }),
      );
      if (ok) {
        const turnId = get().threads[sessionKey]?.turnId;
        updateThread(sessionKey, (th) => ({
          ...th,
          items: th.items.map((i) => (i.id === edited.id && i.kind === 'user' ? { ...i, turnId: turnId && turnId !== 'pending' ? turnId : null } : i)),
        }));
      }
      return ok;
    },
  };
}
