// Markdown → safe HTML for chat messages and the memory preview: marked with raw HTML escaped, only
// http(s)/mailto links (each names its host; one whose text names another host is marked for a confirmation), code blocks with a copy button and syntax colours (once the lazy highlighter is in),
// read-only labelled task checkboxes, scrollable tables and code that the keyboard can reach; then DOMPurify.
// Documents (the memory preview) also hide HTML comments, as GitHub does; chat shows them as text.
import DOMPurify from 'dompurify';
import { Marked, Renderer, type RendererObject, type Tokens } from 'marked';
import { currentLanguage, t } from '../i18n/i18n';
import { highlightCode, highlighterVersion } from './highlight';
import { misleadingLink, targetHost } from './link-host';

const SAFE_URL = /^(https?:|mailto:)/i;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** True for links the app may hand to the system browser. */
export function isSafeExternalUrl(href: string): boolean {
  return SAFE_URL.test(href.trim());
}

/** How a markdown text is shown: a chat message (the default) or a document such as MEMORY.md. */
export interface MarkdownOptions {
  /** Leave out `<!-- … -->` (notes to whoever edits the file; the editor keeps them). */
  hideComments?: boolean;
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

const renderer: RendererObject = {
  code({ text, lang }: Tokens.Code): string {
    const language = ((lang ?? '').trim().split(/\s+/)[0] ?? '').toLowerCase();
    const label = language ? escapeHtml(language) : 'text';
    const highlighted = highlightCode(text, language);
    const code = highlighted === null ? `<code>${escapeHtml(text)}</code>` : `<code class="hljs">${highlighted}</code>`;
    return (
      `<div class="code-block"><div class="code-head"><span class="code-lang">${label}</span>` +
      `<button type="button" class="code-copy" data-copy-code="" aria-label="${escapeHtml(t('chat.code.copyCode'))}">${escapeHtml(t('common.actions.copy'))}</button></div>` +
      `<pre tabindex="0">${code}</pre></div>\n`
    );
  },
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

const chatMarked = new Marked({ gfm: true, breaks: true, renderer: { ...renderer, html: rawHtml(false) } });
const documentMarked = new Marked({ gfm: true, breaks: true, renderer: { ...renderer, html: rawHtml(true) } });

/** The marked stage alone (already escapes raw HTML); exported for tests that run without a DOM. */
export function markdownToHtml(source: string, options: MarkdownOptions = {}): string {
  const out = (options.hideComments ? documentMarked : chatMarked).parse(source, { async: false });
  return typeof out === 'string' ? out : '';
}

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'a', 'b', 'blockquote', 'br', 'button', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'hr', 'i', 'img', 'input', 'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup', 'table',
    'tbody', 'td', 'th', 'thead', 'tr', 'ul',
  ],
  ALLOWED_ATTR: [
    'href', 'title', 'class', 'type', 'aria-label', 'data-copy-code', 'data-external-link', 'rel', 'src',
    'alt', 'checked', 'disabled', 'align', 'tabindex', 'start', 'data-link-host', 'data-named-host',
  ],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/)/i,
  // Attributes whose values are not URLs: without this DOMPurify holds them to the URL pattern above and drops
  // them (task checkboxes became text inputs, code lost its tabindex).
  ADD_URI_SAFE_ATTR: ['type', 'tabindex', 'start', 'rel', 'align', 'data-link-host', 'data-named-host'],
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
  // The HTML carries translated labels and, once loaded, syntax colours: both are part of the key.
  const key = `${cacheKey}\u0000${source.length}\u0000${currentLanguage()}\u0000${highlighterVersion()}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = renderMarkdown(source);
  cache.set(key, html);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}
