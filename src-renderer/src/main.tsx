// Entry of the main window.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot, isBrowserHost, showBootError } from './boot';
import { connectBrowserNotifications } from './ipc/connect-browser-notifications';
import { browserNotifyEnv } from './lib/browser-notifications';
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

const root = document.getElementById('root');
if (root) {
  try {
    const store = boot();
    // Only the browser host: under Electron the shell shows native notifications itself.
    if (isBrowserHost(store)) connectBrowserNotifications(window.nanotray, store, browserNotifyEnv());
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (err) {
    showBootError(root, err);
  }
}
