// Heartbeat: state, next run, budget, last runs with outcome and reason; pause / resume / run now.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { dateTime, duration, relativeTime } from '../../lib/format';
import { currentLanguage, currentLocale } from '../../i18n/i18n';
import { heartbeatReasonText } from '@contract/heartbeat-reason-text';
import { useAppStore } from '../../state/store';
import type { HeartbeatRun } from '@contract/schemas';

/** The workspace file that holds the heartbeat's tasks. */
const HEARTBEAT_FILE = 'HEARTBEAT.md';

const OUTCOME_BADGE: Record<HeartbeatRun['outcome'], string> = {
  ran: 'badge badge-ok',
  notified: 'badge badge-accent',
  silent: 'badge',
  skipped: 'badge badge-warn',
  failed: 'badge badge-danger',
};

export function HeartbeatCard(): ReactElement {
  const { t } = useTranslation();
  const status = useAppStore((s) => s.heartbeat);
  const error = useAppStore((s) => s.heartbeatError);
  const busy = useAppStore((s) => s.heartbeatBusy);
  const runs = useAppStore((s) => s.heartbeatRuns);
  const pause = useAppStore((s) => s.pauseHeartbeat);
  const resume = useAppStore((s) => s.resumeHeartbeat);
  const runNow = useAppStore((s) => s.runHeartbeatNow);
  const openMemoryFile = useAppStore((s) => s.openMemoryFile);
  const requestView = useAppStore((s) => s.requestView);
  // The heartbeat's tasks are HEARTBEAT.md's: opened in the memory editor, where the agent's edits are merged too.
  const editTasks = async () => {
    await openMemoryFile(HEARTBEAT_FILE);
    requestView('memory');
  };
  const [lastManual, setLastManual] = useState<HeartbeatRun | null>(null);
  const state = status?.state ?? (!status ? 'unknown' : !status.enabled ? 'disabled' : status.paused ? 'paused' : status.running ? 'running' : 'idle');

  return (
    <section className="card" aria-labelledby="rt-heartbeat">
      <div className="card-head">
        <Icon name="heart" size={16} />
        <h2 id="rt-heartbeat">{t('runtime.heartbeat.title')}</h2>
        <span className={state === 'idle' || state === 'running' ? 'badge badge-ok' : state === 'paused' ? 'badge badge-warn' : 'badge'} data-testid="heartbeat-state" data-state={state}>
          {t(`runtime.heartbeat.state.${state}`)}
        </span>
        <span className="spacer" />
        {status?.paused ? (
          <button type="button" className="btn btn-sm" onClick={() => void resume()}>
            <Icon name="play" size={12} /> {t('runtime.heartbeat.resume')}
          </button>
        ) : (
          <button type="button" className="btn btn-sm" disabled={!status?.enabled} onClick={() => void pause()}>
            <Icon name="pause" size={12} /> {t('runtime.heartbeat.pause')}
          </button>
        )}
        <button type="button" className="btn btn-sm" title={t('runtime.heartbeat.editTasksHint', { file: HEARTBEAT_FILE })} onClick={() => void editTasks()}>
          <Icon name="edit" size={12} /> {t('runtime.heartbeat.editTasks')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy || status?.running}
          onClick={() => void runNow().then((r) => setLastManual(r))}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="play" size={12} />} {t('runtime.heartbeat.runNow')}
        </button>
      </div>
      {error && <div className="field-error" role="alert">{error}</div>}
      {status && (
        <dl className="kv">
          <dt>{t('runtime.heartbeat.nextRun')}</dt>
          <dd>
            {status.nextRunAt
              ? t('runtime.heartbeat.nextRunAt', { relative: relativeTime(status.nextRunAt), when: dateTime(status.nextRunAt) })
              : t('runtime.heartbeat.notScheduled')}
          </dd>
          {status.runsIn !== undefined && status.runsIn?.here !== true && (
            <>
              <dt>{t('runtime.heartbeat.runsIn')}</dt>
              <dd data-testid="scheduler-owner">
                {status.runsIn
                  ? t('runtime.heartbeat.runsElsewhere', { label: status.runsIn.label, pid: status.runsIn.pid })
                  : t('runtime.heartbeat.runsNowhere')}
              </dd>
            </>
          )}
          <dt>{t('runtime.heartbeat.interval')}</dt>
          <dd>
            {t('runtime.heartbeat.every', { minutes: status.intervalMinutes })}
            {status.activeHours ? t('runtime.heartbeat.active', { start: status.activeHours.start, end: status.activeHours.end }) : ''}
          </dd>
          <dt>{t('runtime.heartbeat.tokensToday')}</dt>
          <dd>
            {status.tokensToday.toLocaleString(currentLocale())}
            {status.dailyTokenBudget > 0 ? t('runtime.heartbeat.ofBudget', { budget: status.dailyTokenBudget.toLocaleString(currentLocale()) }) : t('runtime.heartbeat.noBudget')}
          </dd>
        </dl>
      )}
      <div aria-live="polite">
        {lastManual && (
          <div className="policy-msg policy-ok" data-testid="heartbeat-run-result">
            <span className={OUTCOME_BADGE[lastManual.outcome]}>{t(`runtime.heartbeat.outcome.${lastManual.outcome}`)}</span>
            <span>{heartbeatReasonText(currentLanguage(), lastManual.reason)}</span>
            {lastManual.message && <span className="muted truncate">— {lastManual.message}</span>}
          </div>
        )}
      </div>
      {runs.length > 0 && (
        <table className="table" style={{ marginTop: 8 }}>
          <caption className="sr-only">{t('runtime.heartbeat.recent')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runtime.heartbeat.when')}</th>
              <th scope="col">{t('runtime.heartbeat.outcomeTitle')}</th>
              <th scope="col">{t('runtime.heartbeat.reason')}</th>
              <th scope="col">{t('runtime.heartbeat.took')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id}>
                <td className="nowrap" title={dateTime(r.startedAt)}>
                  {relativeTime(r.startedAt)}
                </td>
                <td>
                  <span className={OUTCOME_BADGE[r.outcome]}>{t(`runtime.heartbeat.outcome.${r.outcome}`)}</span>
                </td>
                <td data-testid="heartbeat-reason">
                  {heartbeatReasonText(currentLanguage(), r.reason)}
                  {r.message && <div className="faint">{r.message}</div>}
                </td>
                <td className="nowrap">{duration(r.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
