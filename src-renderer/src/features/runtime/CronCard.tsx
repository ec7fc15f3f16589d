// Cron jobs: next run and last status per job; run now, edit, pause/resume, remove; and a form to add one.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { dateTime, relativeTime } from '../../lib/format';
import { t as translate } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import type { CronJob } from '@contract/schemas';
import type { CronRunStatus } from '@contract/scheduler-schemas';
import { scheduleInWords } from './cron-words';
import { CronJobForm } from './CronJobForm';

/** The schedule as the core words it (English), when the window cannot say it in words. */
function scheduleText(job: CronJob): string {
  if (job.scheduleText) return job.scheduleText;
  const s = job.schedule;
  if (s.kind === 'every') return translate('runtime.cron.scheduleEvery', { minutes: Math.round(s.everySeconds / 60) });
  if (s.kind === 'cron') return s.tz ? translate('runtime.cron.scheduleCronTz', { expr: s.expr, tz: s.tz }) : translate('runtime.cron.scheduleCron', { expr: s.expr });
  return translate('runtime.cron.scheduleAt', { when: dateTime(Date.parse(s.at)) });
}

/** The schedule in words, its cron expression small beneath; the core's text when there are no words for it. */
function ScheduleCell({ job }: { job: CronJob }): ReactElement {
  const words = scheduleInWords(job.schedule);
  if (!words) return <span className="mono">{scheduleText(job)}</span>;
  return (
    <>
      <span>{words}</span>
      {job.schedule.kind === 'cron' && <div className="faint mono">{job.schedule.expr}</div>}
    </>
  );
}

/** The badge of a run's status: failures and interruptions stand out, a run in progress or stopped does not. */
const RUN_BADGE: Record<CronRunStatus, string> = {
  running: 'badge-warn',
  ok: 'badge-ok',
  error: 'badge-danger',
  skipped: 'badge-warn',
  stopped: 'badge-warn',
  interrupted: 'badge-danger',
};
export function CronCard(): ReactElement {
  const { t } = useTranslation();
  const jobs = useAppStore((s) => s.cronJobs);
  const error = useAppStore((s) => s.cronError);
  const remove = useAppStore((s) => s.removeCronJob);
  const setEnabled = useAppStore((s) => s.setCronEnabled);
  const runNow = useAppStore((s) => s.runCronNow);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CronJob | null>(null);
  const [confirm, setConfirm] = useState<CronJob | null>(null);

  return (
    <section className="card" aria-labelledby="rt-cron">
      <div className="card-head">
        <Icon name="clock" size={16} />
        <h2 id="rt-cron">{t('runtime.cron.title')}</h2>
        <span className="spacer" />
        {!adding && !editing && (
          <button type="button" className="btn btn-sm" onClick={() => setAdding(true)}>
            <Icon name="plus" size={12} /> {t('runtime.cron.addJob')}
          </button>
        )}
      </div>
      {error && <div className="field-error">{error}</div>}
      {adding && <CronJobForm onDone={() => setAdding(false)} />}
      {editing && (
        <CronJobForm
          key={editing.id}
          job={editing}
          onDone={() => {
            const id = editing.id;
            setEditing(null);
            // Back to the row's Edit button, where the keyboard left off.
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-cron-edit="${CSS.escape(id)}"]`)?.focus());
          }}
        />
      )}
      {jobs.length === 0 && !adding ? (
        <p className="faint">{t('runtime.cron.empty')}</p>
      ) : (
        jobs.length > 0 && (
          <table className="table">
            <caption className="sr-only">{t('runtime.cron.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('runtime.cron.job')}</th>
                <th scope="col">{t('runtime.cron.schedule')}</th>
                <th scope="col">{t('runtime.cron.nextRun')}</th>
                <th scope="col">{t('runtime.cron.last')}</th>
                <th scope="col">
                  <span className="sr-only">{t('runtime.cron.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td>
                    <strong>{job.name}</strong>
                    <div className="faint truncate" style={{ maxWidth: 260 }} title={job.message}>
                      {job.message}
                    </div>
                  </td>
                  <td>
                    <ScheduleCell job={job} />
                  </td>
                  <td className="nowrap">{!job.enabled ? <span className="badge badge-warn">{t('runtime.cron.paused')}</span> : job.nextRunAt ? relativeTime(job.nextRunAt) : '—'}</td>
                  <td>
                    {job.lastStatus ? <span className={`badge ${RUN_BADGE[job.lastStatus]}`}>{t(`runtime.cron.runStatus.${job.lastStatus}`)}</span> : <span className="faint">{t('runtime.cron.never')}</span>}
                    {job.lastError && <div className="faint">{job.lastError}</div>}
                  </td>
                  <td className="nowrap">
                    <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('runtime.cron.runJob', { name: job.name })} title={t('runtime.cron.runHint')} onClick={() => void runNow(job.id)}>
                      <Icon name="play" size={12} />
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-icon btn-sm"
                      data-cron-edit={job.id}
                      aria-label={t('runtime.cron.editJob', { name: job.name })}
                      title={t('runtime.cron.editHint')}
                      onClick={() => {
                        setAdding(false);
                        setEditing(job);
                      }}
                    >
                      <Icon name="edit" size={12} />
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-icon btn-sm"
                      aria-label={job.enabled ? t('runtime.cron.pauseJob', { name: job.name }) : t('runtime.cron.resumeJob', { name: job.name })}
                      title={job.enabled ? t('runtime.cron.pauseHint') : t('runtime.cron.resumeHint')}
                      onClick={() => void setEnabled(job.id, !job.enabled)}
                    >
                      <Icon name={job.enabled ? 'pause' : 'refresh'} size={12} />
                    </button>
                    <button type="button" className="btn btn-ghost btn-icon btn-sm btn-danger" aria-label={t('runtime.cron.removeJob', { name: job.name })} title={t('runtime.cron.removeHint')} onClick={() => setConfirm(job)}>
                      <Icon name="trash" size={12} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      {confirm && (
        <ConfirmDialog
          title={t('runtime.cron.removeTitle')}
          body={t('runtime.cron.removeBody', { name: confirm.name })}
          confirmLabel={t('runtime.cron.removeConfirm')}
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const id = confirm.id;
            setConfirm(null);
            void remove(id);
          }}
        />
      )}
    </section>
  );
}
