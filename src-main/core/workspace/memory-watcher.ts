// Watches the workspace for markdown changes made by other programs (debounced) and reports them. @parcel/watcher
// (what VS Code uses: inotify on Linux, FSEvents on macOS, ReadDirectoryChangesW on Windows) watches folders, not
// files, so a file replaced by an atomic rename (Nanotray's own saves, most editors) stays watched. Node 20's
// recursive fs.watch stops reporting such a file on Linux; chokidar 4 misses an edit made within ~100 ms after one.
import { relative, sep } from 'node:path';
import type { AsyncSubscription } from '@parcel/watcher';
import type { Clock } from '../lib/clock';
import { createLogger } from '../lib/logger';

const log = createLogger('memory-watcher');

export const DEFAULT_WATCH_DEBOUNCE_MS = 250;
/** Never the agent's markdown, and possibly huge (a checkout in the workspace). */
const IGNORED = ['**/.*/**', '**/node_modules/**'];

/** The forward-slash path of a markdown file under `workspace` worth reporting, or undefined. */
export function reportablePath(workspace: string, abs: string): string | undefined {
  const rel = relative(workspace, abs);
  const parts = rel.split(sep);
  if (!rel || rel.startsWith('..') || parts.some((p) => p.startsWith('.') || p === 'node_modules')) return undefined;
  return rel.toLowerCase().endsWith('.md') ? parts.join('/') : undefined;
}

/**
 * Calls `onChange(relPath)` once per burst of changes to a `.md` file anywhere under `workspace` (forward-slash
 * relative path): written, replaced by a rename, created or removed. Returns the disposer. A workspace that
 * cannot be watched is logged and otherwise ignored.
 */
export function watchWorkspaceMarkdown(
  workspace: string,
  onChange: (relPath: string) => void,
  options: { clock: Clock; debounceMs?: number; /** Told once the watch is in place (changes before it are missed). */ onReady?: () => void },
): () => void {
  const debounceMs = options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  const pending = new Map<string, () => void>();
  let stopped = false;
  const handle = (abs: string): void => {
    const rel = reportablePath(workspace, abs);
    if (!rel) return;
    pending.get(rel)?.();
    pending.set(
      rel,
      options.clock.setTimeout(() => {
        pending.delete(rel);
        onChange(rel);
      }, debounceMs),
    );
  };
  const subscription: Promise<AsyncSubscription | undefined> = import('@parcel/watcher')
    .then((watcher) =>
      watcher.subscribe(
        workspace,
        (err, events) => {
          if (err || stopped) return;
          for (const event of events) handle(event.path);
        },
        { ignore: IGNORED },
      ),
    )
    .then(
      (sub) => {
        options.onReady?.();
        return sub;
      },
      (err: unknown) => {
        log.warn(`cannot watch ${workspace}: ${err instanceof Error ? err.message : String(err)}`);
        options.onReady?.();
        return undefined;
      },
    );
  return () => {
    stopped = true;
    for (const cancel of pending.values()) cancel();
    pending.clear();
    void subscription.then((sub) => sub?.unsubscribe());
  };
}
