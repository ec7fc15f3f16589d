// Notices that the machine slept (or its clock was set): timers run on monotonic time, which stands still
// while a laptop's lid is closed, so a due time passed in sleep would fire that much later without a recheck.
import type { Clock } from '../lib/clock';

/** How often the watch looks; what is due during a sleep runs at most this long after the wake. */
export const SUSPEND_CHECK_MS = 5 * 60_000;
/** The wall clock must run ahead of monotonic time by more than this to count as a sleep or a clock change. */
const JUMP_MS = 30_000;

/**
 * Calls `onJump` when the wall clock moved more than 30 s away from monotonic time between two looks. For
 * hosts without an OS resume event (daemon, browser host); the desktop shell uses Electron's powerMonitor.
 */
export function startSuspendWatch(clock: Clock, onJump: () => void, everyMs = SUSPEND_CHECK_MS): () => void {
  let wall = clock.now();
  let mono = clock.monotonic();
  let cancel: (() => void) | undefined;
  const look = (): void => {
    const drift = clock.now() - wall - (clock.monotonic() - mono);
    wall = clock.now();
    mono = clock.monotonic();
    cancel = clock.setTimeout(look, everyMs);
    if (Math.abs(drift) > JUMP_MS) onJump();
  };
  cancel = clock.setTimeout(look, everyMs);
  return () => cancel?.();
}
