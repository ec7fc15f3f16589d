// A cron job's schedule in words, in the window's language: "Weekdays at 08:00 (Europe/Berlin)" for `0 8 * * 1-5`.
// The common shapes only (every N minutes or hours, hourly, daily, weekdays, weekends, given weekdays, monthly);
// anything else is null, and the window shows the expression itself.
import type { CronJob } from '@contract/schemas';
import { currentLocale, t } from '../../i18n/i18n';

const NUMBER = /^\d+$/;
const STEP = /^\*\/(\d+)$/;

function time(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 0–6 (0 and 7 are Sunday) from `1-5`, `0,6`, `3`; null for anything else. */
function weekdays(field: string): number[] | null {
  const range = /^(\d)-(\d)$/.exec(field);
  const days = range
    ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
    : field.split(',').map((d) => (NUMBER.test(d) ? Number(d) : NaN));
  if (!days.length || days.some((d) => !Number.isInteger(d) || d < 0 || d > 7)) return null;
  return [...new Set(days.map((d) => d % 7))].sort();
}

/** A weekday's name in the window's language (2024-01-07 was a Sunday). */
function dayName(day: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));
}

/** The expression in words, without the time zone; null when it is not one of the common shapes. */
export function cronExprInWords(expr: string): string | null {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) return null;
  const [min, hour, dom, mon, dow] = f as [string, string, string, string, string];
  if (mon !== '*') return null;
  const everyDay = dom === '*' && dow === '*';
  const minuteStep = STEP.exec(min);
  if (min === '*' && hour === '*' && everyDay) return t('runtime.cronWords.everyMinutes', { count: 1 });
  if (minuteStep && hour === '*' && everyDay) return t('runtime.cronWords.everyMinutes', { count: Number(minuteStep[1]) });
  if (!NUMBER.test(min) || Number(min) > 59) return null;
  const hourStep = STEP.exec(hour);
  if (hour === '*' && everyDay) return t('runtime.cronWords.hourly', { minute: String(Number(min)).padStart(2, '0') });
  if (hourStep && everyDay) return t('runtime.cronWords.everyHours', { count: Number(hourStep[1]), minute: String(Number(min)).padStart(2, '0') });
  if (!NUMBER.test(hour) || Number(hour) > 23) return null;
  const at = time(Number(hour), Number(min));
  if (everyDay) return t('runtime.cronWords.daily', { time: at });
  if (dow === '*' && NUMBER.test(dom) && Number(dom) >= 1 && Number(dom) <= 31) return t('runtime.cronWords.monthly', { day: Number(dom), time: at });
  if (dom !== '*') return null;
  const days = weekdays(dow);
  if (!days) return null;
  if (days.join() === '1,2,3,4,5') return t('runtime.cronWords.weekdays', { time: at });
  if (days.join() === '0,6') return t('runtime.cronWords.weekends', { time: at });
  const names = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(days.map(dayName));
  return t('runtime.cronWords.onDays', { days: names, time: at });
}

/** A job's schedule in words (with its time zone), or null when only the expression can say it. */
export function scheduleInWords(schedule: CronJob['schedule']): string | null {
  if (schedule.kind === 'every') {
    const s = schedule.everySeconds;
    return s % 3600 === 0 ? t('runtime.cronWords.everyHoursSharp', { count: s / 3600 }) : s % 60 === 0 ? t('runtime.cronWords.everyMinutes', { count: s / 60 }) : null;
  }
  if (schedule.kind !== 'cron') return null;
  const words = cronExprInWords(schedule.expr);
  if (!words) return null;
  return schedule.tz ? t('runtime.cronWords.withTz', { when: words, tz: schedule.tz }) : words;
}
