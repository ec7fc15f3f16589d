// Turns the cron form's fields into a schedule, or explains what is wrong with them.
import type { CronSchedule } from '@contract/schemas';
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
