// One signal for "rendered HTML may look different now": a lazy part arrived (highlighter, math, a drawn diagram) or
// the theme changed. Messages re-render on it, and the markdown cache keys on its version.

let version = 0;
const listeners = new Set<() => void>();

/** Tells every rendered message that its HTML may have changed. */
export function extrasChanged(): void {
  version++;
  for (const l of listeners) l();
}

/** For useSyncExternalStore. */
export function subscribeExtras(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function extrasVersion(): number {
  return version;
}
