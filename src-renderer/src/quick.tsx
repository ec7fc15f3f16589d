// Entry of the quick-ask popup: rendered once the language's catalogue is in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot, showBootError } from './boot';
import { Toasts } from './components/Toasts';
import { QuickAsk } from './features/quick/QuickAsk';
import { catalogueReady } from './i18n/i18n';
import { applyTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/markdown.css';
import './styles/chat.css';
import './styles/flows.css';
import './styles/mcp.css';
import './styles/quick.css';

const root = document.getElementById('root');
if (root) {
  try {
    const store = boot();
    void store.getState().loadSettings();
    store.subscribe((s, prev) => {
      if (s.theme !== prev.theme) applyTheme(s.theme);
    });
    void catalogueReady.then(() => {
      createRoot(root).render(
        <StrictMode>
          <QuickAsk />
          <Toasts />
        </StrictMode>,
      );
    });
  } catch (err) {
    void catalogueReady.then(() => showBootError(root, err));
  }
}
