// TeX math in answers ($…$, $$…$$, \(…\), \[…\]) drawn by KaTeX, loaded on first use as its own chunk with its
// stylesheet and fonts. Output is HTML for the eye plus MathML for screen readers; nothing the model writes can make
// KaTeX emit links, styles or classes of its own (`trust: false`), and size and macro expansion are bounded.
/// <reference path="../env.d.ts" />
import type { KatexOptions } from 'katex';
import { escapeHtml } from './html-escape';
import { extrasChanged } from './render-extras';

type Katex = typeof import('katex').default;

let katex: Katex | null = null;
let loading: Promise<void> | null = null;
const cache = new Map<string, string>();
const CACHE_MAX = 400;
/** Longer TeX is shown as its source: drawing it would cost more than it helps. */
const MAX_TEX_CHARS = 5_000;

const OPTIONS: KatexOptions = {
  throwOnError: false,
  output: 'htmlAndMathml',
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: 500,
};

/** Starts loading KaTeX (once); rendered messages redraw when it is in. */
export function loadMath(): Promise<void> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([m]) => {
      katex = m.default;
      extrasChanged();
    },
    () => {
      loading = null; // a failed chunk: the TeX stays as text, the next formula tries again
    },
  );
  return loading;
}

/** The formula as HTML: drawn once KaTeX is in; until then (or when too long) its source, marked as math. */
export function mathHtml(tex: string, display: boolean): string {
  const source = display ? `$$${tex}$$` : `$${tex}$`;
  if (tex.length > MAX_TEX_CHARS) return `<code class="math-source">${escapeHtml(source)}</code>`;
  if (!katex) {
    void loadMath();
    return `<span class="math-pending">${escapeHtml(source)}</span>`;
  }
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const drawn = katex.renderToString(tex, { ...OPTIONS, displayMode: display });
  // A display formula wider than the message scrolls in a box the keyboard can reach.
  const html = display ? `<span class="math-display" tabindex="0">${drawn}</span>` : drawn;
  cache.set(key, html);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}
