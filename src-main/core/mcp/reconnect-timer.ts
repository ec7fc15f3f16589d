// When a server that failed is tried again: 1 s, 2 s, 4 s … (at most 30 s) after its failures, or when the
// circuit breaker closes while it is open.
import type { Clock } from '../lib/clock';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export class ReconnectTimer {
  #cancel: (() => void) | undefined;
  #at: number | undefined;

  constructor(private readonly clock: Clock) {}

  /** When the next attempt runs (epoch ms), while one is scheduled. */
  get retryAt(): number | undefined {
    return this.#at;
  }

  /** Schedules `connect` after `failures` consecutive failures (or at `breakerRetryAt`), replacing what was scheduled. */
  schedule(failures: number, breakerRetryAt: number | undefined, connect: () => void): void {
    this.cancel();
    const now = this.clock.now();
    const backoff = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
    const at = breakerRetryAt ?? now + backoff;
    this.#at = at;
    this.#cancel = this.clock.setTimeout(() => {
      this.#cancel = undefined;
      connect();
    }, at - now);
  }

  /** Nothing is retried any more (a connect starts now, the server waits for a sign-in, or it stops). */
  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#at = undefined;
  }
}
