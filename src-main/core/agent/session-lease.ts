// One turn at a time per session across processes: a lock file per bucket of session keys, held for the turn.
// The lock is the scheduler's kind (an exclusive SQLite transaction on a file of its own), so the OS frees it
// however the holder ends: kill -9, a closed terminal, a crash. Nothing to renew, nothing stale.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateFolder } from '../lib/private-files';
import { ReusableLock } from '../store/scheduler-lock';

/** Lock files: one per bucket, so the folder stays small however many sessions there are. */
const BUCKETS_HEX_DIGITS = 3;
/** How long a waiting process sleeps between tries: short at first, then at most this. */
const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 500;

/** Who holds the turn a process waits for (as far as the holder wrote it down). */
export interface LeaseHolder {
  pid: number;
}

export interface SessionLeaseOptions {
  /** The folder of the lock files (`<home>/run/turn-locks`). */
  dir: string;
  pid?: number;
  /** Told once, when a lock cannot be used at all (the turn then runs without one rather than never). */
  onProblem?(message: string): void;
}

/** A held lease; `release` is idempotent. */
export interface SessionLease {
  release(): void;
}

interface Held {
  lock: ReusableLock;
  count: number;
}

/** Lock files kept open at most: a process that served more sessions closes the oldest when it releases. */
const OPEN_LOCKS_KEPT = 16;

/**
 * Leases for the turns of this process. Two sessions of one process may share a bucket: the lock is then held
 * once and counted, since this process's own queue already orders the turns of each session.
 */
export class SessionLeases {
  readonly #options: SessionLeaseOptions;
  readonly #held = new Map<string, Held>();
  /** Lock files open but not held, newest last (opening SQLite costs more than taking its lock). */
  readonly #idle = new Map<string, ReusableLock>();
  #folderReady = false;
  #problemTold = false;

  constructor(options: SessionLeaseOptions) {
    this.#options = options;
  }

  /**
   * Waits until this process may run a turn of `sessionKey`; `onWait` is called once if another process holds it.
   * Resolves undefined when `signal` aborts while waiting.
   */
  async acquire(sessionKey: string, signal: AbortSignal, onWait?: (holder: LeaseHolder | undefined) => void): Promise<SessionLease | undefined> {
    const bucket = bucketOf(sessionKey);
    let delay = FIRST_RETRY_MS;
    let told = false;
    for (;;) {
      if (signal.aborted) return undefined;
      const lease = this.#tryTake(bucket);
      if (lease) return lease;
      if (!told) {
        told = true;
        onWait?.(this.#holderOf(bucket));
      }
      if (!(await sleep(delay, signal))) return undefined;
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }

  /** A lease at once, or undefined when another process holds the bucket. A lock that cannot be used at all counts as free. */
  #tryTake(bucket: string): SessionLease | undefined {
    const held = this.#held.get(bucket);
    if (held) {
      held.count++;
      return this.#leaseOf(bucket, held);
    }
    const lock = this.#idle.get(bucket) ?? this.#newLock(bucket);
    this.#idle.delete(bucket);
    const attempt = lock ? lock.tryHold() : { failed: 'the lock folder cannot be made' };
    if (attempt === 'busy') {
      this.#keepIdle(bucket, lock!);
      return undefined;
    }
    if (attempt !== 'held') {
      this.#tellProblem(attempt.failed);
      return { release() {} };
    }
    const entry: Held = { lock: lock!, count: 1 };
    this.#held.set(bucket, entry);
    this.#writeHolder(bucket);
    return this.#leaseOf(bucket, entry);
  }

  #newLock(bucket: string): ReusableLock | undefined {
    const file = this.#lockFile(bucket);
    return file === undefined ? undefined : new ReusableLock(file);
  }

  #keepIdle(bucket: string, lock: ReusableLock): void {
    this.#idle.set(bucket, lock);
    for (const [oldest, old] of this.#idle) {
      if (this.#idle.size <= OPEN_LOCKS_KEPT) break;
      old.close();
      this.#idle.delete(oldest);
    }
  }

  /** Closes every lock file (the core's disposal); held leases are freed with them. */
  close(): void {
    for (const lock of this.#idle.values()) lock.close();
    for (const held of this.#held.values()) held.lock.close();
    this.#idle.clear();
    this.#held.clear();
  }

  #leaseOf(bucket: string, entry: Held): SessionLease {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (--entry.count > 0 || this.#held.get(bucket) !== entry) return;
        this.#held.delete(bucket);
        entry.lock.release();
        this.#keepIdle(bucket, entry.lock);
      },
    };
  }

  #lockFile(bucket: string): string | undefined {
    try {
      if (!this.#folderReady) privateFolder(this.#options.dir);
      this.#folderReady = true;
      return join(this.#options.dir, `${bucket}.lock`);
    } catch {
      return undefined;
    }
  }

  /** Who holds it, for the "waiting for pid N" line; a note only, never trusted for the lock itself. */
  #writeHolder(bucket: string): void {
    try {
      writeFileSync(join(this.#options.dir, `${bucket}.holder`), String(this.#options.pid ?? process.pid), { mode: 0o600 });
    } catch {
      // only the waiting line loses its pid
    }
  }

  #holderOf(bucket: string): LeaseHolder | undefined {
    try {
      const pid = Number(readFileSync(join(this.#options.dir, `${bucket}.holder`), 'utf8').trim());
      return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
    } catch {
      return undefined;
    }
  }

  #tellProblem(message: string): void {
    if (this.#problemTold) return;
    this.#problemTold = true;
    this.#options.onProblem?.(`Turns are not ordered across processes: the turn lock cannot be used (${message}).`);
  }
}

/** The bucket of a session key: the first hex digits of its SHA-1 (stable across processes and versions). */
export function bucketOf(sessionKey: string): string {
  return createHash('sha1').update(sessionKey).digest('hex').slice(0, BUCKETS_HEX_DIGITS);
}

/** Resolves true after `ms`, false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
