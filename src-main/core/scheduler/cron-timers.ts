// The timer of one cron job: it sleeps until the job's own next due time (node-cron's matcher for cron
// expressions, plain arithmetic for `every` and `at`) and wakes the process for nothing else.
import cron, { type Logger, type ScheduledTask } from 'node-cron';
import type { Clock } from '../lib/clock';
import type { CronSchedule } from '../store/cron-jobs.repo';
import { sleepUntil, type DueTimer } from './due-timer';

/** node-cron writes warnings to stderr by default; its tasks here never run, so nothing should be said. */
export const QUIET_CRON_LOGGER: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
};

/** Called at a due time (`dueAt`, epoch ms); `late` when the machine slept through it. */
export type FireHandler = (dueAt: number, late: boolean) => void;

/** A live timer for one job. */
export interface JobTimer {
  /** The next due time (epoch ms), or null when an `at` job has fired. */
  nextRunAt(): number | null;
  /** Re-measures from the wall clock (after a sleep or a clock change). */
  recheck(): void;
  stop(): void;
}

interface NextMatch {
  /** The first matching second strictly after `afterMs`. */
  after(afterMs: number): number;
  dispose(): void;
}

/**
 * node-cron 4.6 computes a pattern's next match from "now" only (`getNextRun()`); its task's time matcher
 * takes any instant, which lets the one injected clock drive the timers (and tests use a fake clock).
 */
function cronMatcher(expr: string, tz: string): NextMatch {
  const task: ScheduledTask = cron.createTask(expr, () => undefined, { timezone: tz, logger: QUIET_CRON_LOGGER });
  const matcher = (task as unknown as { timeMatcher?: { getNextMatch?: unknown } }).timeMatcher;
  const fromInstant = typeof matcher?.getNextMatch === 'function' ? (matcher.getNextMatch as (d: Date) => Date).bind(matcher) : undefined;
  return {
    after(afterMs) {
      if (fromInstant) return fromInstant(new Date(afterMs)).getTime();
      // Another node-cron: its next run from the real time, moved onto this clock's time line.
      const next = task.getNextRun();
      return next ? next.getTime() - Date.now() + afterMs : afterMs + 60_000;
    },
    dispose: () => void task.destroy(),
  };
}

/**
 * Starts the timer of a schedule. `every N` is due N seconds after the previous due time, counted from the
 * start and on whole seconds (a restart reschedules, it never replays); due times missed in a sleep fire once, not one by one.
 * `cron` is due at the pattern's next match, `at` once at its time. Returns undefined for an `at` that is
 * already due (the caller runs it right away, marked late).
 */
export function startJobTimer(schedule: CronSchedule, clock: Clock, onFire: FireHandler): JobTimer | undefined {
  let next: (dueAt: number) => number | null;
  let dispose = (): void => undefined;
  if (schedule.kind === 'every') {
    const period = schedule.everySeconds * 1000;
    next = (dueAt) => {
      let due = dueAt + period;
      const now = clock.now();
      if (due <= now) due += Math.ceil((now - due + 1) / period) * period;
      return due;
    };
  } else if (schedule.kind === 'cron') {
    const matcher = cronMatcher(schedule.expr, schedule.tz);
    next = (dueAt) => matcher.after(Math.max(dueAt, clock.now()));
    dispose = () => matcher.dispose();
  } else {
    if (schedule.atMs <= clock.now()) return undefined;
    next = () => null;
  }

  // `every` is due on whole seconds: N seconds after the next whole second from the start.
  const first =
    schedule.kind === 'every' ? Math.ceil(clock.now() / 1000) * 1000 + schedule.everySeconds * 1000 : schedule.kind === 'at' ? schedule.atMs : next(clock.now());
  let timer: DueTimer | undefined;
  const arm = (dueAt: number | null): void => {
    timer = dueAt === null ? undefined : sleepUntil(clock, dueAt, (late) => {
      arm(next(dueAt));
      onFire(dueAt, late);
    });
  };
  arm(first);
  return {
    nextRunAt: () => timer?.dueAt ?? null,
    recheck: () => timer?.recheck(),
    stop() {
      timer?.cancel();
      timer = undefined;
      dispose();
    },
  };
}
