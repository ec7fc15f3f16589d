// "Retrying in N s": why a model call is waiting and how long, counting down once a second until the retry.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export interface RetryState {
  message: string;
  attempt: number;
  /** When the retry starts (epoch ms). */
  retryAt: number;
}

/** Whole seconds left until `at` (never negative). */
export function secondsLeft(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function RetryCountdown({ retry, now = Date.now }: { retry: RetryState; now?: () => number }): ReactElement {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsLeft(retry.retryAt, now()));
  useEffect(() => {
    setLeft(secondsLeft(retry.retryAt, now()));
    const timer = window.setInterval(() => setLeft(secondsLeft(retry.retryAt, now())), 1000);
    return () => window.clearInterval(timer);
  }, [retry.retryAt, now]);
  return (
    <span className="retry-countdown" role="status">
      <span className="retry-reason">{retry.message}</span>{' '}
      <strong>{left > 0 ? t('chat.message.retryingIn', { seconds: left }) : t('chat.message.retryingNow')}</strong>
      <span className="faint">{t('chat.message.retryAttempt', { attempt: retry.attempt })}</span>
    </span>
  );
}
