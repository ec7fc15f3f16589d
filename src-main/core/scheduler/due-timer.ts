// One exact wake-up at a wall-clock time: sleeps until then (in chunks below the 2^31 ms timer limit), checks
// the wall clock when it wakes, and fires once. `recheck` re-measures after the machine slept.
import type { Clock } from '../lib/clock';

/** Node's timers take at most 2^31 - 1 ms (about 24.8 days); longer delays are slept in chunks. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** A wake this close before the due time counts as on time (timers may round a millisecond early). */
const EARLY_TOLERANCE_MS = 20;
/** Fired this much after its due time (the machine slept through it), a run is marked late. */
export const LATE_AFTER_MS = 60_000;

export interface DueTimer {
  readonly dueAt: number;
  /** Sleeps again from the wall clock now (after a resume or a clock change); fires at once when due. */
  recheck(): void;
  cancel(): void;
}

/** Calls `fire(late)` once, when the wall clock reaches `dueAt`; `late` when it fired a minute or more after it. */
export function sleepUntil(clock: Clock, dueAt: number, fire: (late: boolean) => void): DueTimer {
  let cancelTimer: (() => void) | undefined;
  let done = false;

  const arm = (): void => {
    cancelTimer?.();
    cancelTimer = undefined;
    if (done) return;
    const delay = dueAt - clock.now();
    cancelTimer = clock.setTimeout(wake, Math.min(Math.max(0, delay), MAX_TIMER_MS));
  };
  const wake = (): void => {
    cancelTimer = undefined;
    if (done) return;
    const now = clock.now();
    if (now < dueAt - EARLY_TOLERANCE_MS) {
      arm();
      return;
    }
    done = true;
    fire(now - dueAt >= LATE_AFTER_MS);
  };

  arm();
  return {
    dueAt,
    recheck: arm,
    cancel() {
      done = true;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}
