// A message the core did not accept (the connection dropped, it was too long, …): said above the composer, which
// still holds the text — fix it or press Enter again. A turn that failed is shown in the conversation instead.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { useAppStore } from '../../state/store';

export function TurnErrorBanner({ sessionKey }: { sessionKey: string }): ReactElement | null {
  const { t } = useTranslation();
  const error = useAppStore((s) => s.threads[sessionKey]?.error ?? null);
  const dismiss = useAppStore((s) => s.dismissTurnError);
  if (!error) return null;
  return (
    <Banner
      tone="danger"
      title={t('chat.failure.notSent')}
      actions={
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismiss(sessionKey)} aria-label={t('chat.turnError.dismiss')}>
          {t('common.actions.dismiss')}
        </button>
      }
    >
      <span className="mono" style={{ fontSize: 'var(--fs-xs)' }}>
        {error.message}
      </span>
      <div className="muted">{t('chat.failure.stillInBox')}</div>
    </Banner>
  );
}
