// Markdown → safe HTML for chat messages and the memory preview: marked with raw HTML escaped, only
// http(s)/mailto links (each names its host; one whose text names another host is marked for a confirmation), code
// blocks with a copy button and syntax colours (once the lazy highlighter is in), TeX math (KaTeX, lazy), mermaid
// diagrams as pictures in finished text, read-only labelled task checkboxes, scrollable tables and code that the
// keyboard can reach; then DOMPurify.
// Documents (the memory preview) also hide HTML comments, as GitHub does; chat shows them as text.
import DOMPurify from 'dompurify';
import { Marked, Renderer, type RendererObject, type Tokens } from 'marked';
import { currentLanguage, t } from '../i18n/i18n';
import { highlightCode } from './highlight';
import { diagramHtml } from './diagram';
import { escapeHtml } from './html-escape';
import { mathHtml, resetMathBudget } from './math';
import { mathExtensions } from './math-syntax';
import { extrasVersion } from './render-extras';
import { misleadingLink, targetHost } from './link-host';

const SAFE_URL = /^(https?:|mailto:)/i;

/** True for links the app may hand to the system browser. */
export function isSafeExternalUrl(href: string): boolean {
  return SAFE_URL.test(href.trim());
}

/** How a markdown text is shown: a chat message (the default) or a document such as MEMORY.md. */
export interface MarkdownOptions {
  /** Leave out `<!-- … -->` (notes to whoever edits the file; the editor keeps them). */
  hideComments?: boolean;
  /** The text is whole (not streaming): mermaid blocks are drawn. Documents always are. */
  finished?: boolean;
}

/** Comments in a raw HTML piece; an unclosed one runs to the end, as CommonMark reads it. */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

function rawHtml(hideComments: boolean) {
  // Raw HTML is shown as text, never interpreted.
  return ({ text }: Tokens.HTML | Tokens.Tag): string => escapeHtml(hideComments ? text.replace(HTML_COMMENT, '') : text);
}

/**
 * What a link says of where it goes: its host first in the title (hover and focus; the model's own title after
 * it), and when its text names another host, both hosts for the confirmation before it opens.
 */
function hostAttrs(href: string, text: string, title: string | null | undefined): string {
  const host = targetHost(href);
  const opens = host === null ? href.replace(/^mailto:/i, '') : t('chat.link.opens', { host });
  const attrs = [`title="${escapeHtml(title ? `${opens}\n${title}` : opens)}"`];
  const misleading = misleadingLink(text, href);
  if (misleading) attrs.push(`data-link-host="${escapeHtml(misleading.target)}"`, `data-named-host="${escapeHtml(misleading.named)}"`);
  return ` ${attrs.join(' ')}`;
}

function codeBlock(text: string, language: string): string {
  const label = language ? escapeHtml(language) : 'text';
  const highlighted = highlightCode(text, language);
  const code = highlighted === null ? `<code>${escapeHtml(text)}</code>` : `<code class="hljs">${highlighted}</code>`;
  return (
    `<div class="code-block"><div class="code-head"><span class="code-lang">${label}</span>` +
    `<button type="button" class="code-copy" data-copy-code="" aria-label="${escapeHtml(t('chat.code.copyCode'))}">${escapeHtml(t('common.actions.copy'))}</button></div>` +
    `<pre tabindex="0">${code}</pre></div>\n`
  );
}

/** Fenced code; a mermaid block in finished text is drawn (a streaming one stays code until the answer ends). */
function codeRenderer(drawDiagrams: boolean) {
  return ({ text, lang }: Tokens.Code): string => {
    const language = ((lang ?? '').trim().split(/\s+/)[0] ?? '').toLowerCase();
    const block = codeBlock(text, language);
    return drawDiagrams && language === 'mermaid' ? diagramHtml(text, block) : block;
  };
}

const renderer: RendererObject = {
  // GFM task lists: a read-only checkbox that says what it shows (a bare disabled input has no name).
  checkbox({ checked }: Tokens.Checkbox): string {
    const label = escapeHtml(t(checked ? 'chat.code.taskDone' : 'chat.code.taskOpen'));
    return `<input type="checkbox" disabled=""${checked ? ' checked=""' : ''} aria-label="${label}"> `;
  },
  listitem(item: Tokens.ListItem): string {
    const body = this.parser.parse(item.tokens);
    return item.task ? `<li class="task-item">${body}</li>\n` : `<li>${body}</li>\n`;
  },
  // Wide tables scroll sideways inside a box the keyboard can focus.
  table(token: Tokens.Table): string {
    return `<div class="table-wrap" tabindex="0">${Renderer.prototype.table.call(this, token)}</div>\n`;
  },
  link({ href, title, text, tokens }: Tokens.Link): string {
    const inner = this.parser.parseInline(tokens);
    if (!isSafeExternalUrl(href)) return `<span class="link-blocked">${inner}</span>`;
    return `<a href="${escapeHtml(href)}"${hostAttrs(href, text, title)} data-external-link="" rel="noreferrer noopener">${inner}</a>`;
  },
  // Remote images would leak that a message was read; show the alt text as a link instead.
  image({ href, text }: Tokens.Image): string {
    if (href.startsWith('data:image/')) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
    if (!isSafeExternalUrl(href)) return escapeHtml(text);
    return `<a href="${escapeHtml(href)}" data-external-link="" rel="noreferrer noopener">${escapeHtml(text || href)}</a>`;
  },
};

function markedFor(hideComments: boolean, drawDiagrams: boolean): Marked {
  const marked = new Marked({ gfm: true, breaks: true, renderer: { ...renderer, code: codeRenderer(drawDiagrams), html: rawHtml(hideComments) } });
  marked.use({ extensions: mathExtensions(mathHtml) });
  return marked;
}

/** Text still streaming, finished chat text, and documents such as MEMORY.md. */
const streamingMarked = markedFor(false, false);
const finishedMarked = markedFor(false, true);
const documentMarked = markedFor(true, true);

/** The marked stage alone (already escapes raw HTML); exported for tests that run without a DOM. */
export function markdownToHtml(source: string, options: MarkdownOptions = {}): string {
  const marked = options.hideComments ? documentMarked : options.finished ? finishedMarked : streamingMarked;
  resetMathBudget();
  const out = marked.parse(source, { async: false });
  return typeof out === 'string' ? out : '';
}

/** What KaTeX draws with: MathML for screen readers, and the few SVG shapes of its HTML (roots, long arrows). */
const MATH_TAGS = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup',
  'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded',
  'mphantom', 'menclose', 'merror', 'svg', 'path', 'line',
];
/** Attributes of math and drawing markup: none is a URL, so none may be held to the URL pattern below. */
const PLAIN_ATTRS = [
  'type', 'tabindex', 'start', 'rel', 'align', 'data-link-host', 'data-named-host', 'aria-hidden', 'aria-expanded',
  'data-diagram-toggle', 'hidden', 'width', 'height', 'encoding', 'mathvariant', 'stretchy', 'fence', 'separator',
  'lspace', 'rspace', 'minsize', 'maxsize', 'movablelimits', 'accent', 'accentunder', 'displaystyle', 'scriptlevel',
  'columnalign', 'rowspacing', 'columnspacing', 'linethickness', 'notation', 'depth', 'voffset', 'viewbox',
  'preserveaspectratio', 'd', 'x1', 'x2', 'y1', 'y2', 'stroke-width',
];

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'a', 'b', 'blockquote', 'br', 'button', 'code', 'del', 'div', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup',
    'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul', ...MATH_TAGS,
  ],
  ALLOWED_ATTR: [
    'href', 'title', 'class', 'aria-label', 'data-copy-code', 'data-external-link', 'src', 'alt', 'checked',
    'disabled', 'style', 'xmlns', ...PLAIN_ATTRS,
  ],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/)/i,
  // Attributes whose values are not URLs: without this DOMPurify holds them to the URL pattern above and drops
  // them (task checkboxes became text inputs, code lost its tabindex, formulas their sizes).
  ADD_URI_SAFE_ATTR: PLAIN_ATTRS,
};

/** Markdown → sanitised HTML, safe for innerHTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const html = markdownToHtml(source, options);
  if (!DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
}

const cache = new Map<string, string>();
const CACHE_MAX = 600;

/** renderMarkdown with a small LRU keyed by an id, for finished messages that scroll in and out. */
export function renderMarkdownCached(cacheKey: string, source: string): string {
  // The HTML carries translated labels and, once loaded, syntax colours, math and diagrams: all part of the key.
  const key = `${cacheKey}\u0000${source.length}\u0000${currentLanguage()}\u0000${extrasVersion()}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = renderMarkdown(source, { finished: true });
  cache.set(key, html);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}
