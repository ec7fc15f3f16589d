// node-cron timers for cron jobs: one quiet task per job, with due-gates for `every` and one-shot `at`.
import cron, { type Logger, type ScheduledTask } from 'node-cron';
import type { CronSchedule } from './cron-schedule';

/** node-cron writes overlap and missed-execution warnings to stderr by default; the scheduler records them itself. */
export const QUIET_CRON_LOGGER: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
};

let globalLoggerSet = false;
function quietGlobally(): void {
  if (globalLoggerSet) return;
  globalLoggerSet = true;
  cron.setLogger(QUIET_CRON_LOGGER);
}

/** Called when a job is due; `overlapped` when node-cron blocked the fire because the last run is still going. */
export type FireHandler = (overlapped: boolean) => Promise<void> | void;

/** A live timer for one job. */
export interface JobTimer {
  nextRunAt(): number | null;
  stop(): Promise<void>;
}

/** How early (ms) a per-second tick may fire a due time that is not on a whole second. */
const TOLERANCE_MS = 500;

/**
 * Starts the timer of a schedule. `every N` ticks each second and fires when N seconds have passed since the
 * previous due time, counted from `now` (a restart reschedules, it never replays). `at` fires once, at its
 * second (a yearly pattern gated by the exact instant). Returns undefined for an `at` already due (the caller
 * runs it right away).
 */
export function startJobTimer(name: string, schedule: CronSchedule, now: () => number, onFire: FireHandler): JobTimer | undefined {
  quietGlobally();
  const options = { name, noOverlap: true, logger: QUIET_CRON_LOGGER, suppressMissedWarning: true } as const;
  let task: ScheduledTask;
  let nextRunAt: () => number | null;

  if (schedule.kind === 'every') {
    const period = schedule.everySeconds * 1000;
    let nextDue = Math.ceil(now() / 1000) * 1000 + period;
    const gate = (overlapped: boolean): Promise<void> | void => {
      const t = now();
      if (t < nextDue - TOLERANCE_MS) return;
      while (nextDue <= t + TOLERANCE_MS) nextDue += period;
      return onFire(overlapped);
    };
    task = cron.schedule('* * * * * *', () => gate(false), options);
    task.on('execution:overlap', () => void gate(true));
    nextRunAt = () => nextDue;
  } else if (schedule.kind === 'cron') {
    task = cron.schedule(schedule.expr, () => onFire(false), { ...options, timezone: schedule.tz });
    task.on('execution:overlap', () => void onFire(true));
    nextRunAt = () => task.getNextRun()?.getTime() ?? null;
  } else {
    const atMs = Math.floor(schedule.atMs / 1000) * 1000;
    if (atMs <= now() + TOLERANCE_MS) return undefined;
    const d = new Date(atMs);
    const pattern = `${d.getUTCSeconds()} ${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} *`;
    let fired = false;
    task = cron.schedule(
      pattern,
      () => {
        if (fired || now() < atMs - TOLERANCE_MS) return;
        fired = true;
        return onFire(false);
      },
      { ...options, timezone: 'UTC' },
    );
    nextRunAt = () => (fired ? null : atMs);
  }
  return {
    nextRunAt,
    stop: async () => {
      await task.destroy();
    },
  };
}
