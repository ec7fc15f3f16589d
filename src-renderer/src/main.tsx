// Entry of the main window.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot, showBootError } from './boot';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/markdown.css';
import './styles/chat.css';
import './styles/chat-actions.css';
import './styles/mcp.css';
import './styles/memory.css';
import './styles/runtime.css';
import './styles/settings.css';

const root = document.getElementById('root');
if (root) {
  try {
    boot();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (err) {
    showBootError(root, err);
  }
}
