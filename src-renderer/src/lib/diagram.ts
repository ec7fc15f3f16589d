// Mermaid diagrams in finished answers, drawn as pictures: mermaid loads on the first ```mermaid block (its own
// chunks), draws with securityLevel 'strict' and SVG-only labels, and the SVG is shown as an <img> — a picture
// cannot run script or fetch anything, whatever the model wrote. Light and dark each get their own drawing;
// the source stays one click away ("Show source"), and a diagram that cannot be drawn says why beside its code.
import { t } from '../i18n/i18n';
import { escapeHtml } from './html-escape';
import { extrasChanged } from './render-extras';

type Mermaid = typeof import('mermaid').default;
type Drawing = { ok: true; dataUrl: string; kind: string; width: number; height: number } | { ok: false; reason: string };

let mermaid: Mermaid | null = null;
let loading: Promise<void> | null = null;
/** Drawings by theme and source; a long chat keeps its diagrams without drawing them again. */
const drawings = new Map<string, Drawing>();
const waiting = new Set<string>();
let queue: Promise<void> = Promise.resolve();
let counter = 0;
const CACHE_MAX = 100;
/** Bigger sources are left as code: mermaid's own limit, kept lower. */
const MAX_SOURCE_CHARS = 20_000;
/**
 * Settings a diagram may not change with `%%{init: …}%%` or front matter (mermaid's own secure keys plus these).
 * mermaid draws in the live page before we take the SVG: themeCSS and fontFamily (`x; background: url(…)`) became page
 * CSS that fetched, and htmlLabels put the model's `<img src=…>` into the page — only the CSP stopped the requests.
 */
const SECURE_KEYS = [
  'secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges',
  'themeCSS', 'themeVariables', 'fontFamily', 'altFontFamily', 'htmlLabels', 'dompurifyConfig', 'theme', 'darkMode',
];

let watchingTheme = false;

/** The page's theme; once a diagram was asked for, a theme change redraws the messages (diagrams are per theme). */
function theme(): 'dark' | 'light' {
  if (!watchingTheme) {
    watchingTheme = true;
    new MutationObserver(() => extrasChanged()).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function loadMermaid(): Promise<void> {
  loading ??= import('mermaid').then(
    (m) => {
      mermaid = m.default;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** The SVG with its own size set from its viewBox, so the picture keeps its shape in an <img>. */
function sizedSvg(svg: string): { svg: string; width: number; height: number } {
  const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg);
  const width = Math.ceil(Number(box?.[1] ?? 600));
  const height = Math.ceil(Number(box?.[2] ?? 400));
  const opened = svg.replace(/^<svg([^>]*?)\swidth="[^"]*"/, '<svg$1').replace(/^<svg([^>]*?)\sstyle="[^"]*"/, '<svg$1');
  return { svg: opened.replace(/^<svg/, `<svg width="${width}" height="${height}"`), width, height };
}

async function draw(key: string, source: string, dark: boolean): Promise<void> {
  await loadMermaid();
  if (!mermaid) throw new Error(t('chat.diagram.unavailable'));
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    suppressErrorRendering: true,
    maxTextSize: MAX_SOURCE_CHARS,
    maxEdges: 500,
    fontFamily: 'system-ui, sans-serif',
    secure: SECURE_KEYS,
  });
  const { svg, diagramType } = await mermaid.render(`nanotray-diagram-${++counter}`, source);
  const sized = sizedSvg(svg);
  remember(key, { ok: true, dataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized.svg)}`, kind: diagramType.replace(/-v\d+$/, ''), width: sized.width, height: sized.height });
}

function remember(key: string, drawing: Drawing): void {
  drawings.set(key, drawing);
  if (drawings.size > CACHE_MAX) {
    const oldest = drawings.keys().next().value;
    if (oldest !== undefined) drawings.delete(oldest);
  }
}

/** Draws one diagram after the ones before it (mermaid keeps global state); messages redraw when it is done. */
function schedule(key: string, source: string, dark: boolean): void {
  if (waiting.has(key)) return;
  waiting.add(key);
  queue = queue
    .then(() => draw(key, source, dark))
    .catch((error: unknown) => remember(key, { ok: false, reason: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error) }))
    .finally(() => {
      waiting.delete(key);
      extrasChanged();
    });
}

/** A ```mermaid block: the picture with a source toggle, or the code (with a note) until or unless it is drawn. */
export function diagramHtml(source: string, codeBlock: string): string {
  if (source.length > MAX_SOURCE_CHARS) return codeBlock;
  const dark = theme() === 'dark';
  const key = `${dark ? 'D' : 'L'}${source}`;
  const drawing = drawings.get(key);
  if (!drawing) {
    schedule(key, source, dark);
    return `<div class="diagram diagram-pending">${codeBlock}<p class="diagram-note faint">${escapeHtml(t('chat.diagram.drawing'))}</p></div>\n`;
  }
  if (!drawing.ok) {
    return `<div class="diagram diagram-failed">${codeBlock}<p class="diagram-note">${escapeHtml(t('chat.diagram.failed', { reason: drawing.reason }))}</p></div>\n`;
  }
  const alt = t('chat.diagram.alt', { kind: drawing.kind });
  return (
    `<figure class="diagram"><div class="diagram-picture" tabindex="0"><img src="${escapeHtml(drawing.dataUrl)}" alt="${escapeHtml(alt)}" width="${drawing.width}" height="${drawing.height}"></div>` +
    `<figcaption class="diagram-bar"><button type="button" class="btn btn-ghost btn-sm" data-diagram-toggle="" aria-expanded="false">${escapeHtml(t('chat.diagram.showSource'))}</button></figcaption>` +
    `<div class="diagram-source" hidden="">${codeBlock}</div></figure>\n`
  );
}
