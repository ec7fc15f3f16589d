// The error of the last turn as a banner with a fix: open settings (provider/key problems) or retry.
import type { ReactElement } from 'react';
import { Banner } from '../../components/Banner';
import { useAppStore } from '../../state/store';

export function TurnErrorBanner({ sessionKey }: { sessionKey: string }): ReactElement | null {
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
      title={settings ? 'Nanotray could not reach the model' : 'The answer failed'}
      actions={
        <>
          {settings && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => requestView('settings')}>
              Open settings
            </button>
          )}
          {canRetry && (
            <button type="button" className="btn btn-sm" onClick={() => void retryLast()}>
              Retry
            </button>
          )}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismiss(sessionKey)} aria-label="Dismiss error">
            Dismiss
          </button>
        </>
      }
    >
      <span className="mono" style={{ fontSize: 'var(--fs-xs)' }}>
        {error.message}
      </span>
      {settings && <div className="muted">Check the provider’s base URL and API key, then try again.</div>}
    </Banner>
  );
}
