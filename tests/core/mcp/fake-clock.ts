// A manual clock for MCP tests: timers fire only when the test advances time.
import type { Clock } from '../../../src-main/core/lib/clock';

interface Timer {
  at: number;
  ms: number;
  seq: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: Timer[] = [];

  constructor(start = Date.UTC(2026, 10, 29, 20, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const timer = { at: this.#now + Math.max(0, ms), ms, seq: this.#seq++, fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.#timers.length;
  }

  /** How many waiting timers were set for exactly `ms` (other features of the core set timers too). */
  countTimers(ms: number): number {
    return this.#timers.filter((t) => t.ms === ms).length;
  }

  /** Moves time forward, firing due timers in order (each may add new ones). */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = [...this.#timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next || next.at > end) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = next.at;
      next.fn();
    }
    this.#now = end;
  }
}
