// Tells the process running the schedule that another process changed the store (a job added in the browser
// host, the heartbeat paused in the desktop app): the home folder is watched (no polling), a burst of writes
// is looked at once, and only a commit by another connection counts (SQLite's data_version).
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Clock } from '../lib/clock';

/** A burst of writes (a streamed answer) is looked at once, this long after it began. */
export const STORE_CHANGE_DEBOUNCE_MS = 1000;

export interface StoreChangeOptions {
  dbFile: string;
  clock: Clock;
  /** True when another connection committed since the last call (data_version moved). */
  changedElsewhere(): boolean;
  onChange(): void;
  /** The folder watch (tests pass their own trigger). */
  watchFolder?(folder: string, onEvent: (file: string) => void): () => void;
}

function fsWatchFolder(folder: string, onEvent: (file: string) => void): () => void {
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(folder, { persistent: false }, (_event, file) => onEvent(file ? String(file) : ''));
    watcher.on('error', () => watcher?.close());
  } catch {
    // no watch on this file system: changes from other processes are seen at the next start
  }
  return () => watcher?.close();
}

/** Starts watching; returns the disposer. */
export function watchStoreChanges(options: StoreChangeOptions): () => void {
  const name = basename(options.dbFile);
  let cancel: (() => void) | undefined;
  const look = (): void => {
    cancel = undefined;
    if (options.changedElsewhere()) options.onChange();
  };
  const stop = (options.watchFolder ?? fsWatchFolder)(dirname(options.dbFile), (file) => {
    // nanotray.db, nanotray.db-wal, nanotray.db-shm; an unnamed event may be any of them
    if ((file === '' || file.startsWith(name)) && !cancel) cancel = options.clock.setTimeout(look, STORE_CHANGE_DEBOUNCE_MS);
  });
  return () => {
    stop();
    cancel?.();
  };
}
