// The markdown renderer (marked + DOMPurify, ~27 KB gzip) loads as its own chunk, not with the window's first
// screen: the conversation asks for it when it shows a chat, in parallel with the chat's history.
import type * as MarkdownModule from './markdown';

let renderer: typeof MarkdownModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the renderer (once); everyone subscribed re-renders when it is ready. */
export function loadMarkdown(): Promise<void> {
  loading ??= import('./markdown').then(
    (m) => {
      renderer = m;
      for (const l of listeners) l();
    },
    () => {
      loading = null; // a failed import (the host restarted with a new build): the next use tries again
    },
  );
  return loading;
}

/** For useSyncExternalStore: told once the renderer is in. */
export function subscribeMarkdown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The renderer, or null while it loads. */
export function markdownRenderer(): typeof MarkdownModule | null {
  return renderer;
}
