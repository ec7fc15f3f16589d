// Syntax highlighting for code blocks, loaded on first use: highlight.js (its 36 common languages) is a separate
// chunk fetched when the first fenced block with a language appears, never part of the first bundle. Colours
// come from our theme tokens (light and dark), so the highlighter ships no theme of its own.
import type { HLJSApi } from 'highlight.js';
import { extrasChanged } from './render-extras';

let hljs: HLJSApi | null = null;
let loading: Promise<void> | null = null;
let version = 0;
const cache = new Map<string, string>();
const CACHE_MAX = 400;
/** Highlighting a huge block costs more than it helps a reader. */
const MAX_CODE_CHARS = 60_000;

/** Starts loading the highlighter (once); everyone subscribed re-renders when it is ready. */
export function loadHighlighter(): Promise<void> {
  loading ??= import('highlight.js/lib/common').then(
    (m) => {
      hljs = m.default;
      version++;
      extrasChanged();
    },
    () => {
      loading = null; // offline chunk or a failed import: code stays plain, the next block tries again
    },
  );
  return loading;
}

export function highlighterVersion(): number {
  return version;
}

/** The code as highlighted HTML (escaped by highlight.js), or null while not loaded / for an unknown language. */
export function highlightCode(code: string, language: string): string | null {
  if (!language || code.length > MAX_CODE_CHARS) return null;
  if (!hljs) {
    void loadHighlighter();
    return null;
  }
  if (!hljs.getLanguage(language)) return null;
  const key = `${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  cache.set(key, html);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}
