// Startup shared by both windows: make sure `window.nanotray` exists (the browser host builds it over a
// WebSocket), apply the remembered theme before the first paint, create the store and wire main's events.
import { connectMainEvents } from './ipc/connect-main-events';
import { installWebBridge } from './ipc/web-bridge';
import { applyTheme, rememberedTheme } from './lib/theme';
import { initAppStore, type AppStore } from './state/store';
import { t } from './i18n/i18n';

export function boot(): AppStore {
  applyTheme(rememberedTheme());
  const bridge = (window as Partial<Window>).nanotray ? undefined : installWebBridge();
  if (!(window as Partial<Window>).nanotray) {
    throw new Error(t('common.app.noBridge'));
  }
  const store = initAppStore();
  connectMainEvents(window.nanotray, store);
  if (bridge) {
    store.getState().setConnection(bridge.state());
    store.getState().setReconnectNow(() => bridge.retryNow());
    // Back after a drop (however many attempts it took): reload what may have changed meanwhile.
    let dropped = false;
    bridge.onConnectionChange((state) => {
      store.getState().setConnection(state);
      if (state === 'closed') dropped = true;
      if (state === 'open' && dropped) {
        dropped = false;
        void store.getState().refreshAfterReconnect();
      }
    });
  }
  return store;
}

/** True for a page of the browser host (its window.nanotray runs over the WebSocket bridge). */
export function isBrowserHost(store: AppStore): boolean {
  return store.getState().reconnectNow !== null;
}

/** Shown when the app cannot start (no bridge, no token): plain DOM, no React needed. */
export function showBootError(root: HTMLElement, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  root.innerHTML = '';
  const box = document.createElement('div');
  box.className = 'empty';
  const h = document.createElement('h2');
  h.textContent = t('common.app.couldNotStart');
  const p = document.createElement('p');
  p.textContent = message;
  box.append(h, p);
  root.append(box);
}
