// `nanotray cron list|add|edit|remove|run`: the scheduled jobs, with the same rules and messages as the agent's cron tool.
import { resolveTimeZone } from '../../../core/lib/zoned-time';
import { formatJobList } from '../../../core/scheduler/cron.tool';
import { formatCronRun } from '../../../core/scheduler/scheduler-text';
import type { CronScheduleInput } from '../../../core/scheduler/cron-schedule';
import { flagString, parseArgs, write, type CliCommand, type ParsedArgs } from '../cli-command';
import { openCliCore } from './cli-core';

const USAGE = `Usage: nanotray cron list
       nanotray cron add --message TEXT (--every-seconds N | --cron-expr EXPR [--tz TZ] | --at ISO) [--name NAME] [--session KEY]
       nanotray cron edit ID [--message TEXT] [--name NAME] [--every-seconds N | --cron-expr EXPR [--tz TZ] | --at ISO]
       nanotray cron remove ID
       nanotray cron run ID

  add prints the new job's id as "id: <id>". A job runs as a turn in its session (default cli:default)
  while the app or \`nanotray daemon\` is running. --at without an offset is in agent.timezone.
  edit changes what is given and keeps the rest (its id, session, paused state and runs too; a new
  --cron-expr keeps the job's time zone, and --tz alone moves the same expression to another zone).
  run runs the job once now, in this process, and prints the run (exit 1 when it failed or was skipped).`;

/** `--every-seconds 90` → 90; anything that is not a number stays NaN so validation reports it. */
function everySeconds(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The schedule given on the command line (an edit keeps what is not given). */
function scheduleFlags(parsed: ParsedArgs): CronScheduleInput {
  return {
    every_seconds: everySeconds(flagString(parsed, 'every-seconds')),
    cron_expr: flagString(parsed, 'cron-expr'),
    tz: flagString(parsed, 'tz'),
    at: flagString(parsed, 'at'),
  };
}

export const cronCommand: CliCommand = {
  name: 'cron',
  summary: 'List, add, edit, remove or run scheduled jobs',
  usage: USAGE,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action !== 'list' && action !== 'add' && action !== 'edit' && action !== 'remove' && action !== 'run') {
      write(io.stderr, `nanotray cron: unknown action '${action ?? ''}'. Use list, add, edit, remove or run.`);
      return 2;
    }
    const core = openCliCore(io, 'cron');
    if (!core) return 1;
    try {
      if (action === 'list') {
        write(io.stdout, formatJobList(core.cron.list(), resolveTimeZone(core.config().agent.timezone)));
        return 0;
      }
      const parsed = parseArgs(rest);
      if (action === 'edit') {
        const id = parsed.positionals[0] ?? flagString(parsed, 'id', 'job-id');
        if (!id) {
          write(io.stderr, 'Error: job_id is required for edit');
          return 1;
        }
        const edited = core.cron.edit(id, { ...scheduleFlags(parsed), message: flagString(parsed, 'message', 'm'), name: flagString(parsed, 'name') });
        if (!edited.ok) {
          write(io.stderr, edited.error.message);
          return 1;
        }
        write(io.stdout, `Updated job ${id}`);
        return 0;
      }
      if (action === 'remove' || action === 'run') {
        const id = parsed.positionals[0] ?? flagString(parsed, 'id', 'job-id');
        if (!id) {
          write(io.stderr, `Error: job_id is required for ${action}`);
          return 1;
        }
        if (action === 'run') {
          const ran = await core.cron.runJobNow(id);
          if (!ran.ok) {
            write(io.stderr, ran.error.message);
            return 1;
          }
          write(io.stdout, formatCronRun(ran.value, resolveTimeZone(core.config().agent.timezone)));
          return ran.value.status === 'ok' ? 0 : 1;
        }
        const removed = await core.cron.remove(id);
        if (!removed.ok) {
          write(io.stderr, removed.error.message);
          return 1;
        }
        write(io.stdout, `Removed job ${id}`);
        return 0;
      }
      const added = core.cron.add({
        sessionKey: flagString(parsed, 'session') ?? 'cli:default',
        message: flagString(parsed, 'message', 'm'),
        name: flagString(parsed, 'name'),
        ...scheduleFlags(parsed),
      });
      if (!added.ok) {
        write(io.stderr, added.error.message);
        return 1;
      }
      write(io.stdout, `id: ${added.value.id}`);
      return 0;
    } finally {
      await core.dispose();
    }
  },
};
