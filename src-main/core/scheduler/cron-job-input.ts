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
