// Entry of the main window: boot (store, events), the first screen's data asked for, React's first render once the
// language's catalogue is in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot, isBrowserHost, showBootError } from './boot';
import { catalogueReady } from './i18n/i18n';
import { connectBrowserNotifications } from './ipc/connect-browser-notifications';
import { browserNotifyEnv } from './lib/browser-notifications';
import { atMost, startInitialLoad } from './state/initial-load';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/markdown.css';
import './styles/chat.css';
import './styles/flows.css';
import './styles/mcp.css';
import './styles/memory.css';
import './styles/runtime.css';
import './styles/settings.css';

/**
 * Longest wait for the sessions list before the first render. Rendered with it, the window shows its chats and focuses
 * the composer in one pass (no empty sidebar first, no second render); and the browser host's socket, whose handshake
 * needs the main thread a few times, is not held up behind React's first render (one long task).
 */
const FIRST_SCREEN_WAIT_MS = 150;

const root = document.getElementById('root');
if (root) {
  const render = (): void => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };
  try {
    const store = boot();
    // Only the browser host: under Electron the shell shows native notifications itself.
    if (isBrowserHost(store)) connectBrowserNotifications(window.nanotray, store, browserNotifyEnv());
    void Promise.all([catalogueReady, atMost(startInitialLoad(store), FIRST_SCREEN_WAIT_MS)])
      .then(render)
      .catch((err: unknown) => showBootError(root, err));
  } catch (err) {
    void catalogueReady.then(() => showBootError(root, err));
  }
}
