// The cron job form: adds a job, or edits one in place (prefilled; its id and run history stay).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store';
import type { CronJob } from '@contract/schemas';
import { cronFormValuesOf, parseCronForm, type CronFormErrors, type CronFormValues } from './cron-form';

const EMPTY: CronFormValues = { name: '', message: '', kind: 'every', value: '60', tz: '' };

/** Without `job` the form adds one; with it, it edits that job. */
export function CronJobForm({ job, onDone }: { job?: CronJob | undefined; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const addCronJob = useAppStore((s) => s.addCronJob);
  const updateCronJob = useAppStore((s) => s.updateCronJob);
  const [v, setV] = useState<CronFormValues>(() => (job ? cronFormValuesOf(job) : EMPTY));
  const [errors, setErrors] = useState<CronFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const up = (patch: Partial<CronFormValues>) => setV((x) => ({ ...x, ...patch }));

  const submit = async () => {
    const parsed = parseCronForm(v);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const input = { name: v.name.trim(), message: v.message.trim(), schedule: parsed.schedule };
    const err = job ? await updateCronJob(job.id, input) : await addCronJob(input);
    setBusy(false);
    if (err) setServerError(err);
    else onDone();
  };

  const valueLabel = v.kind === 'every' ? t('runtime.cron.everyMinutes') : v.kind === 'cron' ? t('runtime.cron.cronExpression') : t('runtime.cron.dateTime');
  return (
    <form
      className="cron-form"
      aria-label={job ? t('runtime.cron.editForm', { name: job.name }) : t('runtime.cron.addForm')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <div className="field">
        <label htmlFor="cron-name">{t('runtime.cron.name')}</label>
        {/* The form opens on a click of Add or Edit: the name is where typing starts. */}
        <input id="cron-name" className="input" autoFocus value={v.name} aria-invalid={Boolean(errors.name)} aria-describedby="cron-name-err" onChange={(e) => up({ name: e.target.value })} />
        {errors.name && <span id="cron-name-err" className="field-error">{errors.name}</span>}
      </div>
      <div className="field">
        <label htmlFor="cron-message">{t('runtime.cron.message')}</label>
        <textarea id="cron-message" className="textarea" rows={2} value={v.message} aria-invalid={Boolean(errors.message)} aria-describedby="cron-message-err" onChange={(e) => up({ message: e.target.value })} />
        {errors.message && <span id="cron-message-err" className="field-error">{errors.message}</span>}
      </div>
      <div className="cron-schedule">
        <div className="field">
          <label htmlFor="cron-kind">{t('runtime.cron.schedule')}</label>
          <select id="cron-kind" className="select" value={v.kind} onChange={(e) => up({ kind: e.target.value as CronFormValues['kind'], value: e.target.value === 'every' ? '60' : '' })}>
            <option value="every">{t('runtime.cron.everyN')}</option>
            <option value="cron">{t('runtime.cron.cronExpression')}</option>
            <option value="at">{t('runtime.cron.once')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="cron-value">{valueLabel}</label>
          <input
            id="cron-value"
            className="input"
            type={v.kind === 'every' ? 'number' : v.kind === 'at' ? 'datetime-local' : 'text'}
            placeholder={v.kind === 'cron' ? '0 9 * * 1-5' : undefined}
            value={v.value}
            aria-invalid={Boolean(errors.value)}
            aria-describedby="cron-value-err"
            onChange={(e) => up({ value: e.target.value })}
          />
          {errors.value && <span id="cron-value-err" className="field-error">{errors.value}</span>}
        </div>
        {v.kind === 'cron' && (
          <div className="field">
            <label htmlFor="cron-tz">{t('runtime.cron.timeZone')}</label>
            <input id="cron-tz" className="input" placeholder={t('runtime.cron.systemZone')} value={v.tz} onChange={(e) => up({ tz: e.target.value })} />
          </div>
        )}
      </div>
      {serverError && (
        <div className="field-error" role="alert">
          {serverError}
        </div>
      )}
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {job ? t('runtime.cron.saveJob') : t('runtime.cron.addJob')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          {t('common.actions.cancel')}
        </button>
      </div>
    </form>
  );
}
