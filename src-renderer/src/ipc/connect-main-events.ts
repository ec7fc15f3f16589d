// Wires main's push channels (`core:event`, `app:navigate`) into the store, once; returns the unsubscribe.
import type { NanotrayApi } from '@contract/api';
import type { AppStore } from '../state/store';

export function connectMainEvents(api: NanotrayApi, store: AppStore): () => void {
  const offCore = api.onCoreEvent((event) => store.applyCoreEvent(event));
  const offNavigate = api.onNavigate(({ view, sessionKey }) => {
    const s = store.getState();
    if (sessionKey) void s.loadSessions().then(() => s.selectSession(sessionKey));
    s.requestView(view);
  });
  return () => {
    offCore();
    offNavigate();
  };
}
