// Claims of scheduled runs for one process: a due time runs once, and not while another live process runs it.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isHolderAlive } from '../lib/process-alive';
import type { Database } from '../store/db';
import { claimRun, deleteClaim, finishClaim, type ClaimHolder, type ClaimOutcome } from '../store/run-claims.repo';

export type { ClaimHolder, ClaimOutcome };

/** A holder for this process (random id: two starts of one pid are two holders). */
export function processHolder(): ClaimHolder {
  return { holderId: randomUUID(), pid: process.pid, hostname: hostname() };
}

export class RunClaims {
  constructor(
    private readonly db: Database,
    readonly self: ClaimHolder,
    private readonly now: () => number,
  ) {}

  /** Claims the run of `key` for `dueAt` (undefined: a manual run); only `claimed` means "run it now". */
  claim(key: string, dueAt: number | undefined): ClaimOutcome {
    return claimRun(this.db, { key, dueAt, holder: this.self, now: this.now(), isAlive: isHolderAlive });
  }

  /** The claimed run is over (ok, failed or cancelled). */
  finish(key: string): void {
    finishClaim(this.db, key, this.self.holderId);
  }

  /** The key is gone (its job was removed). */
  forget(key: string): void {
    deleteClaim(this.db, key);
  }
}
