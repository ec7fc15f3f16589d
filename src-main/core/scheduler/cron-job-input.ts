// A cron job's name, message and schedule as the tool, CLI and windows give them: checked, trimmed and parsed.
import { errResult, okResult, type Result } from '../lib/result';
import { coreError, type ServiceError } from '../lib/core-error';
import type { CronSchedule } from '../store/cron-jobs.repo';
import { CRON_ERRORS, parseCronSchedule, type CronScheduleInput } from './cron-schedule';

/** What adding or editing a job sets (the session is the adder's business). */
export interface CronJobFields extends CronScheduleInput {
  message?: string | undefined;
  name?: string | undefined;
}

/** A job named after its message takes this many characters of it. */
const NAME_FROM_MESSAGE = 30;

/** The fields made ready to store, or the tool's exact error text. `timeZone` is agent.timezone (empty = system). */
export function parseCronJobFields(
  input: CronJobFields,
  timeZone: string,
): Result<{ name: string; message: string; schedule: CronSchedule }, ServiceError<'invalid'>> {
  const message = input.message?.trim() ?? '';
  if (!message) return errResult(coreError('invalid', CRON_ERRORS.missingMessage));
  const schedule = parseCronSchedule(input, timeZone);
  if (!schedule.ok) return schedule;
  return okResult({ name: input.name?.trim() || message.slice(0, NAME_FROM_MESSAGE), message, schedule: schedule.value });
}

/** A stored schedule as the fields that would make it again. */
function scheduleInput(s: CronSchedule): CronScheduleInput {
  if (s.kind === 'every') return { every_seconds: s.everySeconds };
  if (s.kind === 'cron') return { cron_expr: s.expr, tz: s.tz };
  return { at: new Date(s.atMs).toISOString() };
}

/**
 * An edit over a job: what is not given stays. A cron job keeps its time zone when only the expression changes,
 * and its expression when only the zone does; any other schedule given replaces the job's.
 */
export function editedJobFields(job: { name: string; message: string; schedule: CronSchedule }, given: CronJobFields): CronJobFields {
  const wanted: CronScheduleInput = { every_seconds: given.every_seconds, cron_expr: given.cron_expr, tz: given.tz, at: given.at };
  const current = scheduleInput(job.schedule);
  let schedule: CronScheduleInput;
  if (!Object.values(wanted).some((v) => v !== undefined)) schedule = current;
  else if (job.schedule.kind !== 'cron' || wanted.every_seconds !== undefined || wanted.at !== undefined) schedule = wanted;
  else schedule = { cron_expr: wanted.cron_expr ?? current.cron_expr, tz: wanted.tz ?? current.tz };
  return { ...schedule, message: given.message ?? job.message, name: given.name ?? job.name };
}
