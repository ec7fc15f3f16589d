// Counts consecutive failures of one MCP server and opens for a while after too many (fake-clock friendly).
import type { Clock } from '../lib/clock';

export const BREAKER_THRESHOLD = 3;
export const BREAKER_OPEN_MS = 60_000;

/** Closed → (3 failures) → open for 60 s → half-open (one try) → closed on success, open again on failure. */
export class CircuitBreaker {
  #failures = 0;
  #openUntil: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly threshold = BREAKER_THRESHOLD,
    private readonly openMs = BREAKER_OPEN_MS,
  ) {}

  get consecutiveFailures(): number {
    return this.#failures;
  }

  /** True while calls must be refused without trying. */
  isOpen(): boolean {
    return this.#openUntil !== undefined && this.clock.now() < this.#openUntil;
  }

  /** When the breaker lets a call through again (only while open). */
  retryAt(): number | undefined {
    return this.isOpen() ? this.#openUntil : undefined;
  }

  recordSuccess(): void {
    this.#failures = 0;
    this.#openUntil = undefined;
  }

  recordFailure(): void {
    this.#failures++;
    if (this.#failures >= this.threshold) this.#openUntil = this.clock.now() + this.openMs;
  }
}
