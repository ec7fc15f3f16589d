// When a long MCP request gives up: after `idleMs` without progress, or `maxMs` of running in all. Progress
// restarts the idle wait; time spent waiting for the user (an elicitation) counts towards neither.
import type { Clock } from '../lib/clock';

/** `idle`: no progress for the per-call timeout; `max`: the hard maximum was reached despite progress. */
export type DeadlineReason = 'idle' | 'max';

export class CallDeadline {
  #usedMs = 0;
  #runningSince: number | undefined;
  #pauses = 0;
  #cancelIdle: (() => void) | undefined;
  #cancelMax: (() => void) | undefined;
  #expired: DeadlineReason | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly idleMs: number,
    private readonly maxMs: number,
    private readonly onExpire: (reason: DeadlineReason) => void,
  ) {
    this.#run();
  }

  /** Why it expired, once it has. */
  get expired(): DeadlineReason | undefined {
    return this.#expired;
  }

  /** The server reported progress: the idle wait starts again (not while paused). */
  touch(): void {
    if (this.#pauses > 0 || this.#expired) return;
    this.#cancelIdle?.();
    this.#cancelIdle = this.clock.setTimeout(() => this.#expire('idle'), this.idleMs);
  }

  /** Stops the clock (the server waits for the user); returns the resume, which is safe to call twice. */
  pause(): () => void {
    if (this.#pauses++ === 0) this.#halt();
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      if (--this.#pauses === 0 && !this.#expired) this.#run();
    };
  }

  /** Clears the timers (the request finished). */
  dispose(): void {
    this.#halt();
  }

  #run(): void {
    this.#runningSince = this.clock.now();
    this.#cancelIdle = this.clock.setTimeout(() => this.#expire('idle'), this.idleMs);
    this.#cancelMax = this.clock.setTimeout(() => this.#expire('max'), Math.max(0, this.maxMs - this.#usedMs));
  }

  #halt(): void {
    if (this.#runningSince !== undefined) this.#usedMs += this.clock.now() - this.#runningSince;
    this.#runningSince = undefined;
    this.#cancelIdle?.();
    this.#cancelMax?.();
    this.#cancelIdle = this.#cancelMax = undefined;
  }

  #expire(reason: DeadlineReason): void {
    if (this.#expired) return;
    this.#expired = reason;
    this.#halt();
    this.onExpire(reason);
  }
}
