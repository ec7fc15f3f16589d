// Watches the workspace for markdown changes made by other programs (debounced) and reports them.
import { watch, type FSWatcher } from 'node:fs';
import type { Clock } from '../lib/clock';

export const DEFAULT_WATCH_DEBOUNCE_MS = 250;

/**
 * Calls `onChange(relPath)` once per burst of changes to a `.md` file anywhere under `workspace`
 * (forward-slash relative path). Returns the disposer. A workspace that cannot be watched is ignored.
 */
export function watchWorkspaceMarkdown(
  workspace: string,
  onChange: (relPath: string) => void,
  options: { clock: Clock; debounceMs?: number },
): () => void {
  const debounceMs = options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  const pending = new Map<string, () => void>();
  let watcher: FSWatcher | undefined;
  const handle = (filename: string | Buffer | null): void => {
    if (!filename) return;
    const rel = filename.toString().split('\\').join('/');
    if (!rel.toLowerCase().endsWith('.md') || rel.split('/').some((p) => p.startsWith('.'))) return;
    pending.get(rel)?.();
    pending.set(
      rel,
      options.clock.setTimeout(() => {
        pending.delete(rel);
        onChange(rel);
      }, debounceMs),
    );
  };
  try {
    watcher = watch(workspace, { recursive: true, persistent: false }, (_event, filename) => handle(filename));
    watcher.on('error', () => undefined);
  } catch {
    watcher = undefined;
  }
  return () => {
    watcher?.close();
    for (const cancel of pending.values()) cancel();
    pending.clear();
  };
}
