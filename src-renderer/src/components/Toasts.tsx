// Toasts: notifications from the core (`notify`) and short action outcomes; a click opens the session, and a
// toast may carry one action (Revert on "memory updated").
import type { ReactElement } from 'react';
import { useAppStore } from '../state/store';
import { Icon } from './Icon';

export function Toasts(): ReactElement {
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  const selectSession = useAppStore((s) => s.selectSession);
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast-body">
            <div className="toast-title">{t.title}</div>
            {t.body && <div className="toast-text">{t.body}</div>}
            {t.sessionKey && (
              <button
                type="button"
                className="btn btn-sm toast-open"
                onClick={() => {
                  dismiss(t.id);
                  void selectSession(t.sessionKey!);
                }}
              >
                Open chat
              </button>
            )}
            {t.action && (
              <button
                type="button"
                className="btn btn-sm toast-open"
                onClick={() => {
                  dismiss(t.id);
                  t.action!.run();
                }}
              >
                {t.action.label}
              </button>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            <Icon name="x" size={13} />
          </button>
        </div>
      ))}
    </div>
  );
}
