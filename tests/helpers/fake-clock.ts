// A manual clock for tests and simulations: timers fire only when time is advanced, in due order. Timers run
// on monotonic time like Node's; `suspend` moves only the wall clock, as a sleeping laptop does.
import type { Clock } from '../../src-main/core/lib/clock';

interface Timer {
  /** Monotonic due time. */
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
  #mono = 0;
  #seq = 0;
  #timers: Timer[] = [];
  /** How many timers have fired so far (each one is a wake-up of the process). */
  fired = 0;

  constructor(start = Date.UTC(2026, 10, 29, 20, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  monotonic(): number {
    return this.#mono;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const timer = { at: this.#mono + Math.max(0, ms), ms, seq: this.#seq++, fn };
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
    const end = this.#mono + ms;
    for (let next = this.#nextDue(end); next; next = this.#nextDue(end)) this.#fire(next);
    this.#moveTo(end);
  }

  /** Like advance, but lets the async work each timer starts settle before the next one fires. */
  async advanceSettled(ms: number, rounds = 10): Promise<void> {
    const end = this.#mono + ms;
    for (let next = this.#nextDue(end); next; next = this.#nextDue(end)) {
      this.#fire(next);
      await flush(rounds);
    }
    this.#moveTo(end);
    await flush(rounds);
  }

  /** The machine sleeps for `ms`: the wall clock jumps, monotonic time and the timers stand still. */
  suspend(ms: number): void {
    this.#now += ms;
  }

  #moveTo(mono: number): void {
    this.#now += mono - this.#mono;
    this.#mono = mono;
  }

  #nextDue(end: number): Timer | undefined {
    const next = [...this.#timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
    return next && next.at <= end ? next : undefined;
  }

  #fire(timer: Timer): void {
    this.#timers = this.#timers.filter((t) => t !== timer);
    if (timer.at > this.#mono) this.#moveTo(timer.at);
    this.fired++;
    timer.fn();
  }
}
