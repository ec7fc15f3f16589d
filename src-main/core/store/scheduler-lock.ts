// The scheduler lock: an exclusive transaction held open on a small SQLite file of its own. SQLite takes it
// with the OS's file locks (POSIX fcntl, Windows LockFileEx), so the kernel frees it the moment the holding
// process ends, however it ends: no renewals, no clocks, no stale lock after a crash.
import { sqliteDriver, type Database } from './sqlite-driver';
import { privateFile } from '../lib/private-files';

/** A held lock; `release` ends the transaction and closes the file. */
export interface HeldLock {
  release(): void;
}

/** `busy`: another process holds it. `failed`: the file could not be opened or locked (with the reason). */
export type LockAttempt = { held: HeldLock } | { busy: true } | { failed: string };

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Tries once, without waiting, to take the lock on `file` (created owner-only when missing). */
export function tryHoldLock(file: string): LockAttempt {
  let db: Database | undefined;
  try {
    privateFile(file);
    const Driver = sqliteDriver();
    // timeout 0: answer at once; the caller tries again later.
    db = new Driver(file, { timeout: 0 });
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    try {
      db?.close();
    } catch {
      // nothing to close
    }
    if (isBusy(err)) return { busy: true };
    return { failed: err instanceof Error ? err.message : String(err) };
  }
  const held = db;
  let released = false;
  return {
    held: {
      release() {
        if (released) return;
        released = true;
        try {
          held.exec('ROLLBACK');
        } finally {
          held.close();
        }
      },
    },
  };
}

/**
 * The same lock on a file kept open between holds (the session lease takes one per turn): opening SQLite costs
 * more than the lock itself. `tryHold` answers at once; `release` lets go and keeps the file open.
 */
export class ReusableLock {
  readonly #file: string;
  #db: Database | undefined;
  #held = false;

  constructor(file: string) {
    this.#file = file;
  }

  /** `held`, `busy` (another holds it), or `failed` with the reason. */
  tryHold(): 'held' | 'busy' | { failed: string } {
    if (this.#held) return 'held';
    try {
      if (!this.#db) {
        privateFile(this.#file);
        this.#db = new (sqliteDriver())(this.#file, { timeout: 0 });
      }
      this.#db.exec('BEGIN EXCLUSIVE');
      this.#held = true;
      return 'held';
    } catch (err) {
      if (isBusy(err)) return 'busy';
      this.close();
      return { failed: err instanceof Error ? err.message : String(err) };
    }
  }

  release(): void {
    if (!this.#held) return;
    this.#held = false;
    try {
      this.#db?.exec('ROLLBACK');
    } catch {
      this.close(); // closing frees the lock in any case
    }
  }

  close(): void {
    this.#held = false;
    try {
      this.#db?.close();
    } catch {
      // already closed
    }
    this.#db = undefined;
  }
}
