// Time as an injectable dependency, so schedulers and tests never need real waiting.
import { performance } from 'node:perf_hooks';

export interface Clock {
  /** Wall-clock time (epoch ms): what due times are written in. */
  now(): number;
  /**
   * Time that only runs while the machine is awake (ms from an arbitrary origin). Timers run on it: when
   * the wall clock moved much further than this, the machine slept (a laptop lid) or its clock was set.
   */
  monotonic(): number;
  /** Calls `fn` after `ms` of monotonic time; returns the cancel function. Never keeps a process alive. */
  setTimeout(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};
