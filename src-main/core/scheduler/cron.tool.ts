// The agent's `cron` tool: add, list, update and remove scheduled jobs (same rules and edit as the CLI).
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type Tool } from '../tools/tool';
import { toolErrorOfService } from '../lib/tool-error';
import { CRON_ERRORS } from './cron-schedule';
import type { CronJobFields } from './cron-job-input';
import type { CronJobView, CronService } from './cron-service';
import { formatZoned, resolveTimeZone } from '../lib/zoned-time';
import { assertNever } from '../lib/assert-never';

const params = z.object({
  action: z.enum(['add', 'list', 'update', 'remove']).describe('add a job, list all jobs, change one in place, or remove one'),
  message: z
    .string()
    .nullish()
    .describe("REQUIRED when action='add'. What the agent should do when the job triggers (e.g. the reminder text)."),
  name: z.string().nullish().describe('Optional short label; defaults to the first 30 characters of the message.'),
  every_seconds: z.number().nullish().describe('Repeat every N seconds (at least 1).'),
  cron_expr: z.string().nullish().describe("5-field cron expression, e.g. '0 9 * * 1-5' (weekdays at 09:00)."),
  tz: z.string().nullish().describe('IANA time zone for cron_expr (default: the agent time zone). Only with cron_expr.'),
  at: z
    .string()
    .nullish()
    .describe('One-time run at this ISO date-time, e.g. 2026-05-01T09:30:00 (no offset = the agent time zone).'),
  job_id: z.string().nullish().describe("REQUIRED when action='update' or 'remove': the job id from action='list'."),
});

/** A job's name, message and schedule as the model gave them (it sends null for what it leaves out). */
function jobFields(args: z.output<typeof params>): CronJobFields {
  return {
    message: args.message ?? undefined,
    name: args.name ?? undefined,
    every_seconds: args.every_seconds ?? undefined,
    cron_expr: args.cron_expr ?? undefined,
    tz: args.tz ?? undefined,
    at: args.at ?? undefined,
  };
}

/** One line per job, with its timing, state and next run in the agent's time zone. */
export function formatJobLine(job: CronJobView, timeZone: string): string {
  const parts = [`id: ${job.id}`, job.scheduleText, `session: ${job.sessionKey}`];
  if (!job.enabled) parts.push('paused');
  if (job.nextRunAt) parts.push(`next: ${formatZoned(job.nextRunAt, timeZone)}`);
  if (job.lastStatus) parts.push(`last: ${job.lastStatus}${job.lastError ? ` (${job.lastError})` : ''}`);
  return `- ${job.name} (${parts.join(', ')})`;
}

/** The jobs as the tool and `nanotray cron list` print them. */
export function formatJobList(jobs: CronJobView[], timeZone: string): string {
  if (!jobs.length) return 'No scheduled jobs.';
  return ['Scheduled jobs:', ...jobs.map((j) => formatJobLine(j, timeZone))].join('\n');
}

/** Builds the tool around the cron service; the job belongs to the calling session. */
export function createCronTool(cron: CronService): Tool<typeof params> {
  return defineTool({
    name: 'cron',
    description:
      'Schedule reminders and recurring tasks that run as a turn in this chat and notify the user. ' +
      "Actions: add (message + one of every_seconds, cron_expr [+ tz], at), list, remove (job_id), " +
      'update (job_id + only what changes; the rest, its id and its runs stay; a new cron_expr keeps its tz). ' +
      'Prefer a one-time `at` unless the user asks for something recurring.',
    params,
    category: 'write',
    // Looking at the schedule changes nothing; adding or removing a job does.
    categoryFor: (args) => (args.action === 'list' ? 'read' : 'write'),
    async run(args, ctx) {
      const timeZone = resolveTimeZone(ctx.config.agent.timezone);
      switch (args.action) {
        case 'list':
          return ok(formatJobList(cron.list(), timeZone));
        case 'remove': {
          if (!args.job_id) return fail('invalid_args', 'Error: job_id is required for remove');
          const removed = await cron.remove(args.job_id);
          return removed.ok ? ok(`Removed job ${args.job_id}`) : failWith(toolErrorOfService(removed.error));
        }
        case 'update': {
          if (!args.job_id) return fail('invalid_args', 'Error: job_id is required for update');
          if (ctx.inCronRun) return fail('refused', CRON_ERRORS.inCronRunEdit);
          // the jobs are the user's: an unattended run (the heartbeat reading a page, a script) neither rewrites them
          // nor plants new ones (see add), which would run again later
          if (!ctx.interactive) return fail('refused', CRON_ERRORS.unattendedEdit);
          const edited = cron.edit(args.job_id, jobFields(args));
          return edited.ok ? ok(`Updated job '${edited.value.name}' (id: ${edited.value.id}): ${edited.value.scheduleText}`) : failWith(toolErrorOfService(edited.error));
        }
        case 'add': {
          if (ctx.inCronRun) return fail('refused', CRON_ERRORS.inCronRun);
          if (!ctx.interactive) return fail('refused', CRON_ERRORS.unattendedAdd);
          const added = cron.add({ sessionKey: ctx.sessionKey, ...jobFields(args) });
          return added.ok ? ok(`Created job '${added.value.name}' (id: ${added.value.id})`) : failWith(toolErrorOfService(added.error));
        }
        default:
          return assertNever(args.action);
      }
    },
  });
}
