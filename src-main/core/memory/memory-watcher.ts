// Watches the workspace for markdown changes made by other programs (debounced) and reports them. One non-recursive
// watch per folder: a folder watch keeps seeing a file that is replaced by an atomic rename (Nanotray's own saves, most
// editors), and a folder made later is watched and scanned at once, so a file written into it right away is not
// missed. Measured on Linux: Node 20's recursive fs.watch reports nothing after such a rename, chokidar 4.0.3 drops
// an edit made within ~100 ms after one, and @parcel/watcher 2.5.1 misses a file written just after its folder
// was made.
import { watch, readdirSync, statSync, type Dirent, type FSWatcher } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Clock } from '../lib/clock';

export const DEFAULT_WATCH_DEBOUNCE_MS = 250;
/** Folders deeper than this are not watched (a workspace may hold a checkout with deep trees). */
const MAX_DEPTH = 8;
/** At most this many folders are watched (each costs an inotify watch on Linux). */
const MAX_FOLDERS = 2_000;

/** A folder the watcher leaves alone: hidden (`.git`) or a dependency tree. */
function skippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** The forward-slash path of a markdown file under `workspace` worth reporting, or undefined. */
export function reportablePath(workspace: string, abs: string): string | undefined {
  const rel = relative(workspace, abs);
  const parts = rel.split(sep);
  if (!rel || rel.startsWith('..') || parts.some((p) => skippedFolder(p))) return undefined;
  return rel.toLowerCase().endsWith('.md') ? parts.join('/') : undefined;
}

function isFolder(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Calls `onChange(relPath)` once per burst of changes to a `.md` file anywhere under `workspace` (forward-slash
 * relative path): written, replaced by a rename, created or removed. Returns the disposer. A folder that cannot be
 * watched is skipped; a workspace that cannot be watched is ignored.
 */
export function watchWorkspaceMarkdown(
  workspace: string,
  onChange: (relPath: string) => void,
  options: { clock: Clock; debounceMs?: number; /** Told once the watches are in place. */ onReady?: () => void },
): () => void {
  const debounceMs = options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  const pending = new Map<string, () => void>();
  const folders = new Map<string, FSWatcher>();
  let stopped = false;

  const report = (abs: string): void => {
    const rel = reportablePath(workspace, abs);
    if (!rel || stopped) return;
    pending.get(rel)?.();
    pending.set(
      rel,
      options.clock.setTimeout(() => {
        pending.delete(rel);
        onChange(rel);
      }, debounceMs),
    );
  };

  const unwatch = (dir: string): void => {
    for (const [path, watcher] of folders) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        folders.delete(path);
      }
    }
  };

  /** Watches `dir` and the folders in it; with `announce`, reports the markdown found (a folder just made). */
  const add = (dir: string, depth: number, announce: boolean): void => {
    if (stopped || folders.has(dir) || depth > MAX_DEPTH || folders.size >= MAX_FOLDERS) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => onEvent(dir, depth, name));
    } catch {
      return;
    }
    watcher.on('error', () => unwatch(dir));
    folders.set(dir, watcher);
    scan(dir, depth, announce);
  };

  /**
   * Looks through a watched folder: folders new in it get watched, watched ones gone from it are let go, and with
   * `announce` its markdown files are reported.
   */
  const scan = (dir: string, depth: number, announce: boolean): void => {
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.map((e) => e.name));
    for (const path of [...folders.keys()]) {
      if (dirname(path) === dir && path !== dir && !names.has(basename(path))) unwatch(path);
    }
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory() && !skippedFolder(entry.name)) add(abs, depth + 1, announce);
      else if (announce && entry.isFile()) report(abs);
    }
  };

  const onEvent = (dir: string, depth: number, name: string | Buffer | null): void => {
    if (stopped) return;
    if (!name) {
      // the platform did not say which entry changed: look through the folder again (it is watched already)
      scan(dir, depth, true);
      return;
    }
    const entry = name.toString();
    const abs = join(dir, entry);
    if (isFolder(abs)) {
      if (!skippedFolder(entry)) add(abs, depth + 1, true);
      return;
    }
    if (folders.has(abs)) unwatch(abs); // a watched folder went away
    report(abs);
  };

  add(workspace, 0, false);
  options.onReady?.();
  return () => {
    stopped = true;
    for (const watcher of folders.values()) watcher.close();
    folders.clear();
    for (const cancel of pending.values()) cancel();
    pending.clear();
  };
}
