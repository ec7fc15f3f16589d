// Cron job schedules: validation of every / cron (+tz) / at with the exact messages the tool and CLI show.
import cron from 'node-cron';
import { failure, type ServiceError } from '../lib/core-error';
import { okResult, type Result } from '../lib/result';
import { isValidTimeZone, resolveTimeZone, zonedToEpoch } from '../lib/zoned-time';
import { assertNever } from '../lib/assert-never';
import type { CronSchedule as CronScheduleView } from '../../../src-preload/contract/scheduler-schemas';
import type { CronSchedule } from '../store/cron-jobs.repo';

/** What the tool and the CLI receive (snake_case like the tool's parameters). */
export interface CronScheduleInput {
  every_seconds?: number | undefined;
  cron_expr?: string | undefined;
  tz?: string | undefined;
  at?: string | undefined;
}

export const CRON_ERRORS = {
  missingMessage:
    "Error: cron action='add' requires a non-empty 'message' parameter describing what to do when the job triggers (e.g. the reminder text). Retry including message=\"...\".",
  missingSchedule: 'Error: either every_seconds, cron_expr, or at is required',
  tzWithoutCron: 'Error: tz can only be used with cron_expr',
  unknownTimezone: (tz: string) => `Error: unknown timezone '${tz}'`,
  invalidCron: (expr: string) => `Error: invalid cron expression '${expr}'`,
  invalidAt: (at: string) => `Error: invalid ISO datetime format '${at}'. Expected format: YYYY-MM-DDTHH:MM:SS`,
  everyTooSmall: 'Error: every_seconds must be a whole number of seconds, at least 1',
  inCronRun: 'Error: cannot schedule new jobs from within a cron job execution',
  inCronRunEdit: 'Error: cannot change scheduled jobs from within a cron job execution',
  unattendedAdd:
    'Error: a job can only be scheduled in a chat or terminal someone is at, not in an unattended run (heartbeat, a script): a job runs again later, so what an unattended run read must not plant one. Tell the user instead',
  unattendedEdit:
    'Error: a scheduled job can only be changed in a chat or terminal someone is at, not in an unattended run (heartbeat, a script); the user can change it with `nanotray cron edit` or in the Runtime panel',
} as const;

/** True for a valid 5-field cron expression (minute hour day-of-month month day-of-week). */
export function isValidCronExpression(expr: string): boolean {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5 || fields.some((f) => !f)) return false;
  try {
    return cron.validate(fields.join(' '));
  } catch {
    return false;
  }
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an ISO date-time (`2026-05-01T09:30:00`, optional seconds, fraction, `Z` or `±HH:MM`).
 * A value without an offset is wall-clock time in `timeZone`. Returns epoch ms, or undefined when invalid
 * (including impossible dates such as February 30th).
 */
export function parseIsoDateTime(text: string, timeZone: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as number[];
  const fractionMs = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (month! < 1 || month! > 12 || day! < 1 || hour! > 23 || minute! > 59 || second! > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (day! > daysInMonth) return undefined;
  const parts = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  const offset = m[8];
  if (!offset) return zonedToEpoch(parts, timeZone) + fractionMs;
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) + fractionMs;
  if (offset.toUpperCase() === 'Z') return utc;
  const om = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)!;
  const sign = om[1] === '-' ? -1 : 1;
  const offsetMinutes = Number(om[2]) * 60 + Number(om[3]);
  if (Number(om[2]) > 23 || Number(om[3]) > 59) return undefined;
  return utc - sign * offsetMinutes * 60_000;
}

/**
 * Turns the tool/CLI parameters into a schedule, or the exact error text. Precedence when several are
 * given: every_seconds, then cron_expr, then at. `defaultTimeZone` is agent.timezone (empty = system).
 */
export function parseCronSchedule(input: CronScheduleInput, defaultTimeZone: string): Result<CronSchedule, ServiceError<'invalid'>> {
  const tz = input.tz?.trim() || undefined;
  const expr = input.cron_expr?.trim() || undefined;
  const at = input.at?.trim() || undefined;
  if (tz && !expr) return failure('invalid', CRON_ERRORS.tzWithoutCron);
  if (tz && !isValidTimeZone(tz)) return failure('invalid', CRON_ERRORS.unknownTimezone(tz));
  if (input.every_seconds !== undefined && input.every_seconds !== null) {
    const n = input.every_seconds;
    if (!Number.isInteger(n) || n < 1) return failure('invalid', CRON_ERRORS.everyTooSmall);
    return okResult({ kind: 'every', everySeconds: n });
  }
  if (expr) {
    if (!isValidCronExpression(expr)) return failure('invalid', CRON_ERRORS.invalidCron(input.cron_expr ?? expr));
    return okResult({ kind: 'cron', expr: expr.split(/\s+/).join(' '), tz: tz ?? resolveTimeZone(defaultTimeZone) });
  }
  if (at) {
    const atMs = parseIsoDateTime(at, resolveTimeZone(defaultTimeZone));
    if (atMs === undefined) return failure('invalid', CRON_ERRORS.invalidAt(input.at ?? at));
    return okResult({ kind: 'at', atMs });
  }
  return failure('invalid', CRON_ERRORS.missingSchedule);
}

/** A short human description: `every 90s`, `cron '0 9 * * *' (Europe/Berlin)`, `at 2026-05-01T07:30:00.000Z`. */
/** The schedule as the windows see it (scheduler-schemas `cronScheduleSchema`): an `at` time as an ISO string. */
export function scheduleView(s: CronSchedule): CronScheduleView {
  if (s.kind === 'every') return { kind: 'every', everySeconds: s.everySeconds };
  if (s.kind === 'cron') return { kind: 'cron', expr: s.expr, ...(s.tz ? { tz: s.tz } : {}) };
  return { kind: 'at', at: new Date(s.atMs).toISOString() };
}

export function describeSchedule(schedule: CronSchedule): string {
  switch (schedule.kind) {
    case 'every': {
      const s = schedule.everySeconds;
      if (s % 3600 === 0) return `every ${s / 3600}h`;
      if (s % 60 === 0) return `every ${s / 60}m`;
      return `every ${s}s`;
    }
    case 'cron':
      return `cron '${schedule.expr}' (${schedule.tz})`;
    case 'at':
      return `at ${new Date(schedule.atMs).toISOString()}`;
    default:
      return assertNever(schedule);
  }
}
