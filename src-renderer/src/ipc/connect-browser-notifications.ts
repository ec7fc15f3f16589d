// Wires the browser host's `notify` reports to desktop notifications (main window only): shown while the tab is in
// the background, the first report offering to turn them on. Returns the unsubscribe.
import type { NanotrayApi } from '@contract/api';
import { notifyInBackground, shouldOffer, type BrowserNotifyEnv } from '../lib/browser-notifications';
import type { AppStore } from '../state/store';

export function connectBrowserNotifications(api: NanotrayApi, store: AppStore, env: BrowserNotifyEnv): () => void {
  return api.onCoreEvent((event) => {
    if (event.type !== 'notify') return;
    const open = (sessionKey: string) => void store.getState().loadSessions().then(() => store.getState().selectSession(sessionKey));
    if (!notifyInBackground(env, event, open) && shouldOffer(env)) store.getState().setNotificationOffer(true);
  });
}
