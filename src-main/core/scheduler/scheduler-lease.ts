// The scheduler lease: of all the processes on one home (desktop app, nanotray web, nanotray daemon), the one
// holding the scheduler lock runs heartbeat and cron. The others try again every few seconds, so one of them
// takes over soon after the holder ends, and meanwhile they say who holds it.
import type { Clock } from '../lib/clock';
import type { HostKind } from '../lib/host-kind';
import { isHolderAlive } from '../lib/process-alive';
import type { Database } from '../store/db';
import { clearLeaseHolder, readLeaseHolder, writeLeaseHolder, type LeaseHolder } from '../store/scheduler-lease.repo';
import type { ClaimHolder } from '../store/run-claims.repo';
import { tryHoldLock, type HeldLock } from '../store/scheduler-lock';

export type { LeaseHolder };

/** How often a process without the lease tries to take it: a takeover happens at most this long after the holder ends. */
export const LEASE_RETRY_MS = 10_000;

export interface LeaseDeps {
  db: Database;
  /** The lock file (`<home>/scheduler.lock`). */
  lockFile: string;
  clock: Clock;
  host: HostKind;
  /** This process, as it also claims runs. */
  self: ClaimHolder;
  retryMs?: number;
  /** Called once this process holds the lease. */
  onAcquired(): void;
  /** A lock that cannot be taken for another reason than "held elsewhere" (reported, then tried again). */
  onProblem?(message: string): void;
}

export class SchedulerLease {
  /** This process, as it claims runs and holds the lease. */
  readonly self: ClaimHolder;
  #deps: LeaseDeps;
  #held: HeldLock | undefined;
  #acquiredAt = 0;
  #cancelRetry: (() => void) | undefined;
  #stopped = true;

  constructor(deps: LeaseDeps) {
    this.#deps = deps;
    this.self = deps.self;
  }

  /** Tries now, then every LEASE_RETRY_MS until it holds the lease. Returns the disposer (releases it). */
  start(): () => void {
    this.#stopped = false;
    this.#attempt();
    return () => this.release();
  }

  isOwner(): boolean {
    return this.#held !== undefined;
  }

  /** Who runs heartbeat and cron now: this process, another live one, or nobody. */
  holder(): LeaseHolder | undefined {
    if (this.#held) return { ...this.self, host: this.#deps.host, acquiredAt: this.#acquiredAt };
    return liveLeaseHolder(this.#deps.db);
  }

  /** Stops trying and lets the lock go (another process takes over at its next try). */
  release(): void {
    this.#stopped = true;
    this.#cancelRetry?.();
    this.#cancelRetry = undefined;
    if (!this.#held) return;
    try {
      clearLeaseHolder(this.#deps.db, this.self.holderId);
    } catch {
      // the database may already be closing; the lock below is what counts
    }
    this.#held.release();
    this.#held = undefined;
  }

  #attempt(): void {
    this.#cancelRetry = undefined;
    if (this.#stopped || this.#held) return;
    const attempt = tryHoldLock(this.#deps.lockFile);
    if ('held' in attempt) {
      this.#held = attempt.held;
      this.#acquiredAt = this.#deps.clock.now();
      try {
        writeLeaseHolder(this.#deps.db, { ...this.self, host: this.#deps.host, acquiredAt: this.#acquiredAt });
        this.#deps.onAcquired();
      } catch (err) {
        this.#deps.onProblem?.(`Starting heartbeat and cron failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      return;
    }
    if ('failed' in attempt) this.#deps.onProblem?.(`Could not take the scheduler lock ${this.#deps.lockFile}: ${attempt.failed}`);
    this.#cancelRetry = this.#deps.clock.setTimeout(() => this.#attempt(), this.#deps.retryMs ?? LEASE_RETRY_MS);
  }
}

/** The recorded holder while its process lives (what a one-shot CLI command shows). */
export function liveLeaseHolder(db: Database): LeaseHolder | undefined {
  const row = readLeaseHolder(db);
  return row && isHolderAlive(row) ? row : undefined;
}
