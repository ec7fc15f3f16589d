// The error of the last turn as a banner with a fix: open settings (provider/key problems) or retry.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { useAppStore } from '../../state/store';

export function TurnErrorBanner({ sessionKey }: { sessionKey: string }): ReactElement | null {
  const { t } = useTranslation();
  const error = useAppStore((s) => s.threads[sessionKey]?.error ?? null);
  const canRetry = useAppStore((s) => Boolean(s.threads[sessionKey]?.lastUserText));
  const requestView = useAppStore((s) => s.requestView);
  const retryLast = useAppStore((s) => s.retryLast);
  const dismiss = useAppStore((s) => s.dismissTurnError);
  if (!error) return null;
  const settings = error.fix === 'settings';
  return (
    <Banner
      tone="danger"
      title={settings ? t('chat.turnError.unreachable') : t('chat.turnError.failed')}
      actions={
        <>
          {settings && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => requestView('settings')}>
              {t('common.app.openSettings')}
            </button>
          )}
          {canRetry && (
            <button type="button" className="btn btn-sm" onClick={() => void retryLast()}>
              {t('common.actions.retry')}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismiss(sessionKey)} aria-label={t('chat.turnError.dismiss')}>
            {t('common.actions.dismiss')}
          </button>
        </>
      }
    >
      <span className="mono" style={{ fontSize: 'var(--fs-xs)' }}>
        {error.message}
      </span>
      {settings && <div className="muted">{t('chat.turnError.checkProvider')}</div>}
    </Banner>
  );
}
