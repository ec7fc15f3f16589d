// Plain-text views of the heartbeat and cron state, shared by the CLI, slash commands and the daemon.
import type { HeartbeatRun, HeartbeatStatus } from '../../../src-preload/contract/scheduler-schemas';
import { heartbeatReasonText } from '../../../src-preload/contract/heartbeat-reason-text';
import type { CronJob, CronRun } from '../store/cron-jobs.repo';
import { describeSchedule } from './cron-schedule';
import { formatZoned } from '../lib/zoned-time';
import { describeSchedulerOwner } from './scheduler-owner';

/** The run's reason in English, with the error when the turn failed: `the turn failed: Provider error (…)`. */
function runWhy(run: HeartbeatRun): string {
  const reason = heartbeatReasonText('en', run.reason);
  return run.outcome === 'failed' && run.message && run.reason.code !== 'unknown' ? `${reason}: ${run.message}` : reason;
}

/** `skipped — no active tasks in HEARTBEAT.md (tokens used: 0)`, plus the notification text when notified. */
export function formatHeartbeatRun(run: HeartbeatRun): string {
  const reason = runWhy(run);
  const head = `${run.outcome}${reason ? ` — ${reason}` : ''} (tokens used: ${run.tokens})`;
  return run.outcome === 'notified' && run.message ? `${head}\n${run.message}` : head;
}

/** Why this process has no heartbeat timer: another one runs it, or none does. */
function notHere(status: HeartbeatStatus): string {
  if (status.runsIn?.here) return status.enabled ? 'no timer armed' : 'disabled';
  return describeSchedulerOwner(status.runsIn);
}

/** One status block: state, next due time, today's tokens, active hours and the last runs. */
export function formatHeartbeatStatus(status: HeartbeatStatus, lastRuns = 5): string {
  const tz = status.timeZone;
  const lines = [
    `Heartbeat: ${status.state} (every ${status.intervalMinutes} min${status.enabled ? '' : ', disabled in config'})`,
    `Next due: ${status.nextRunAt ? `${formatZoned(status.nextRunAt, tz)} (${tz})` : status.paused ? '— (paused)' : `— (${notHere(status)})`}`,
    `Tokens today: ${status.tokensToday}${status.dailyTokenBudget > 0 ? ` of ${status.dailyTokenBudget}` : ' (no budget)'}`,
  ];
  if (status.activeHours) lines.push(`Active hours: ${status.activeHours.start}–${status.activeHours.end} ${tz}`);
  const runs = status.recentRuns.slice(0, lastRuns);
  if (!runs.length) lines.push('Last runs: none yet');
  else {
    lines.push('Last runs:');
    for (const r of runs) {
      const why = runWhy(r);
      const reason = why ? `  ${why}` : '';
      lines.push(`  ${formatZoned(r.startedAt, tz)}  ${r.outcome.padEnd(8)}${reason}  (${r.tokens} tokens, ${r.durationMs} ms)`);
    }
  }
  return lines.join('\n');
}

/** `2026-06-01 09:00  ok  (1200 ms)` / `… error  Provider error (…)` / `… late`. */
export function formatCronRun(run: CronRun, timeZone: string): string {
  const late = run.late ? '  late' : '';
  const error = run.error ? `  ${run.error}` : '';
  return `${formatZoned(run.startedAt, timeZone)}  ${run.status}${late}${error}  (${run.durationMs} ms)`;
}

/** The system note of a cron run's turn: which job it is, whether it is late, that nobody is at the keyboard. */
export function cronTurnNote(job: CronJob, late: boolean): string {
  const when = late ? ' It is running late: its time passed while Nanotray was closed or the computer slept; say so if it matters.' : '';
  return (
    `This turn is the scheduled job '${job.name}' (id ${job.id}, ${describeSchedule(job.schedule)}).${when} ` +
    'Nobody is at the keyboard: do the task and write the answer for the user; it is delivered to this chat and as a notification.'
  );
}
