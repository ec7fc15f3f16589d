// A manual clock for tests and simulations: timers fire only when time is advanced, in due order.
import type { Clock } from '../../src-main/core/lib/clock';

interface Timer {
  at: number;
  ms: number;
  seq: number;
  fn: () => void;
}

/** Lets promise chains started by a timer run to their next real wait. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
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

  /** Moves time forward, firing due timers in order (each may add new ones), all synchronously. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (let next = this.#nextDue(end); next; next = this.#nextDue(end)) this.#fire(next);
    this.#now = end;
  }

  /** Like advance, but lets the async work each timer starts settle before the next one fires. */
  async advanceSettled(ms: number, rounds = 10): Promise<void> {
    const end = this.#now + ms;
    for (let next = this.#nextDue(end); next; next = this.#nextDue(end)) {
      this.#fire(next);
      await flush(rounds);
    }
    this.#now = end;
    await flush(rounds);
  }

  #nextDue(end: number): Timer | undefined {
    const next = [...this.#timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
    return next && next.at <= end ? next : undefined;
  }

  #fire(timer: Timer): void {
    this.#timers = this.#timers.filter((t) => t !== timer);
    this.#now = Math.max(this.#now, timer.at);
    timer.fn();
  }
}
