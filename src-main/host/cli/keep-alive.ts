// Holds a long-running command's process open: core timers are unref'd so one-shot commands can end.

/** Node's longest timer: the handle wakes the process about once in 24.8 days and does nothing. */
const IDLE_MS = 2 ** 31 - 1;

/** Keeps the event loop alive until the returned function is called. */
export function keepAlive(): () => void {
  const handle = setInterval(() => undefined, IDLE_MS);
  return () => clearInterval(handle);
}
