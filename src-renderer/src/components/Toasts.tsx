// Toasts: notifications from the core (`notify`) and short action outcomes; a click opens the session, and a
// toast may carry one action (Revert on "memory updated"). One landmark holds one polite live region (errors are
// alerts), so screen readers hear each toast once.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../state/store';
import { Icon } from './Icon';

export function Toasts(): ReactElement {
  const { t } = useTranslation();
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  const selectSession = useAppStore((s) => s.selectSession);
  return (
    <section className="toasts" aria-label={t('common.toasts.label')}>
      <div className="toasts-live" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : undefined}>
            <div className="toast-body">
              <div className="toast-title" title={toast.title}>
                {toast.title}
              </div>
              {toast.body && <div className="toast-text">{toast.body}</div>}
              {toast.sessionKey && (
                <button
                  type="button"
                  className="btn btn-sm toast-open"
                  onClick={() => {
                    dismiss(toast.id);
                    void selectSession(toast.sessionKey!);
                  }}
                >
                  {t('common.toasts.openChat')}
                </button>
              )}
              {toast.action && (
                <button
                  type="button"
                  className="btn btn-sm toast-open"
                  onClick={() => {
                    dismiss(toast.id);
                    toast.action!.run();
                  }}
                >
                  {toast.action.label}
                </button>
              )}
            </div>
            <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('common.toasts.dismiss')} onClick={() => dismiss(toast.id)}>
              <Icon name="x" size={13} />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
