// The daily backup of a long-running host (the app, the daemon, the web host): checked a minute after start and every hour,
// made with the online backup when the newest is a day old, so no turn waits for it.
import type { Clock } from '../lib/clock';
import { backupDue, backupOnline } from './db-backup';
import type { Database } from './sqlite-driver';

const CHECK_EVERY_MS = 60 * 60_000;
/** The first check waits a little: a start is busy enough, and a host opened for a moment needs no backup. */
const FIRST_CHECK_MS = 60_000;

/**
 * Starts the checks; returns the disposer, which waits for a backup in progress (the database closes after it).
 * A failed backup is reported and tried again at the next check.
 */
export function startDailyBackup(db: Database, dir: string, clock: Clock, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  let cancel = (): void => {};
  const check = (): void => {
    if (stopped) return;
    cancel = clock.setTimeout(check, CHECK_EVERY_MS);
    if (running || !backupDue(dir, clock.now())) return;
    running = backupOnline(db, dir, clock.now()).then(
      () => undefined,
      (err: unknown) => onError(err),
    );
    void running.finally(() => (running = undefined));
  };
  cancel = clock.setTimeout(check, FIRST_CHECK_MS);
  return async () => {
    stopped = true;
    cancel();
    await running;
  };
}
