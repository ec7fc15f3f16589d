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
/**
 * Longer TeX is shown as its source: drawing it would cost more than it helps. KaTeX's time and HTML grow with the
 * formula (4,800 characters of `x+x+…` took over a second and 740 KB of HTML), and all of it runs on the window's one
 * thread, so a message also has a budget: past it, the rest of its formulas stay source.
 */
const MAX_TEX_CHARS = 2_500;
const MESSAGE_TEX_BUDGET = 15_000;
let budgetLeft = MESSAGE_TEX_BUDGET;

/** Called before each message is rendered: its formulas share one budget of TeX to draw. */
export function resetMathBudget(): void {
  budgetLeft = MESSAGE_TEX_BUDGET;
}

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

/**
 * KaTeX's HTML, or null when KaTeX throws anyway: `throwOnError: false` only covers parse errors, and a formula
 * nested a thousand braces deep overflows its recursive parser's stack (RangeError). Uncaught, that escaped the
 * markdown renderer and took the whole chat down, again each time the conversation was opened.
 */
function drawOrNull(lib: Katex, tex: string, display: boolean): string | null {
  try {
    return lib.renderToString(tex, { ...OPTIONS, displayMode: display });
  } catch {
    return null;
  }
}

/** The formula as HTML: drawn once KaTeX is in; until then (or when too long) its source, marked as math. */
export function mathHtml(tex: string, display: boolean): string {
  const source = display ? `$$${tex}$$` : `$${tex}$`;
  budgetLeft -= tex.length;
  if (tex.length > MAX_TEX_CHARS || budgetLeft < 0) return `<code class="math-source">${escapeHtml(source)}</code>`;
  if (!katex) {
    void loadMath();
    return `<span class="math-pending">${escapeHtml(source)}</span>`;
  }
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const drawn = drawOrNull(katex, tex, display);
  // A display formula wider than the message scrolls in a box the keyboard can reach; one KaTeX gave up on stays source.
  const html =
    drawn === null ? `<code class="math-source">${escapeHtml(source)}</code>` : display ? `<span class="math-display" tabindex="0">${drawn}</span>` : drawn;
  cache.set(key, html);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}
