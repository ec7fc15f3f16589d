// The daily backup of a long-running host (the app, the daemon, the web host): checked at start and every hour,
// made with the online backup when the newest is a day old, so no turn waits for it.
import type { Clock } from '../lib/clock';
import { backupDue, backupOnline } from './db-backup';
import type { Database } from './sqlite-driver';

const CHECK_EVERY_MS = 60 * 60_000;

/** Starts the checks; returns the disposer. A failed backup is reported and tried again at the next check. */
export function startDailyBackup(db: Database, dir: string, clock: Clock, onError: (err: unknown) => void): () => void {
  let running = false;
  let stopped = false;
  let cancel = (): void => {};
  const check = (): void => {
    if (stopped) return;
    cancel = clock.setTimeout(check, CHECK_EVERY_MS);
    if (running || !backupDue(dir, clock.now())) return;
    running = true;
    backupOnline(db, dir, clock.now())
      .catch(onError)
      .finally(() => (running = false));
  };
  check();
  return () => {
    stopped = true;
    cancel();
  };
}
