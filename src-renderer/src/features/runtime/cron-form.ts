// The cron form's fields: a job's values to edit, and the fields turned into a schedule (or what is wrong).
import type { CronJob, CronSchedule } from '@contract/schemas';
import { t } from '../../i18n/i18n';

export type ScheduleKind = 'every' | 'cron' | 'at';

export interface CronFormValues {
  name: string;
  message: string;
  kind: ScheduleKind;
  /** every: minutes; cron: expression; at: local date-time. */
  value: string;
  tz: string;
}

export type CronFormErrors = Partial<Record<'name' | 'message' | 'value', string>>;

export function parseCronForm(v: CronFormValues): { ok: true; schedule: CronSchedule } | { ok: false; errors: CronFormErrors } {
  const errors: CronFormErrors = {};
  if (!v.name.trim()) errors.name = t('runtime.cron.errorName');
  if (!v.message.trim()) errors.message = t('runtime.cron.errorMessage');
  let schedule: CronSchedule | null = null;
  if (v.kind === 'every') {
    const minutes = Number(v.value);
    if (!v.value.trim() || !Number.isFinite(minutes) || minutes <= 0) errors.value = t('runtime.cron.errorMinutes');
    else schedule = { kind: 'every', everySeconds: Math.round(minutes * 60) };
  } else if (v.kind === 'cron') {
    const fields = v.value.trim().split(/\s+/).filter(Boolean);
    if (fields.length < 5 || fields.length > 6) errors.value = t('runtime.cron.errorCron');
    else schedule = { kind: 'cron', expr: fields.join(' '), ...(v.tz.trim() ? { tz: v.tz.trim() } : {}) };
  } else {
    const when = new Date(v.value);
    if (!v.value || Number.isNaN(when.getTime())) errors.value = t('runtime.cron.errorAt');
    else schedule = { kind: 'at', at: when.toISOString() };
  }
  if (Object.keys(errors).length || !schedule) return { ok: false, errors };
  return { ok: true, schedule };
}

/** `2026-05-01T09:30` in the window's time zone: what a datetime-local field holds. */
function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A job's fields as the form shows them, to edit it. */
export function cronFormValuesOf(job: CronJob): CronFormValues {
  const s = job.schedule;
  const base = { name: job.name, message: job.message };
  if (s.kind === 'every') return { ...base, kind: 'every', value: String(Math.round((s.everySeconds / 60) * 100) / 100), tz: '' };
  if (s.kind === 'cron') return { ...base, kind: 'cron', value: s.expr, tz: s.tz ?? '' };
  return { ...base, kind: 'at', value: localDateTime(s.at), tz: '' };
}
