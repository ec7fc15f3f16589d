// Markdown → safe HTML for chat messages and the memory preview: marked with raw HTML escaped,
// only http(s)/mailto links, code blocks with a copy button, then DOMPurify as a second wall.
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

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

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML in a message is shown as text, never interpreted.
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const label = language ? escapeHtml(language) : 'text';
      return (
        `<div class="code-block"><div class="code-head"><span class="code-lang">${label}</span>` +
        `<button type="button" class="code-copy" data-copy-code="" aria-label="Copy code">Copy</button></div>` +
        `<pre><code>${escapeHtml(text)}</code></pre></div>\n`
      );
    },
    link({ href, title, tokens }: Tokens.Link): string {
      const inner = this.parser.parseInline(tokens);
      if (!isSafeExternalUrl(href)) return `<span class="link-blocked">${inner}</span>`;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titleAttr} data-external-link="" rel="noreferrer noopener">${inner}</a>`;
    },
    // Remote images would leak that a message was read; show the alt text as a link instead.
    image({ href, text }: Tokens.Image): string {
      if (href.startsWith('data:image/')) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      if (!isSafeExternalUrl(href)) return escapeHtml(text);
      return `<a href="${escapeHtml(href)}" data-external-link="" rel="noreferrer noopener">${escapeHtml(text || href)}</a>`;
    },
  },
});

/** The marked stage alone (already escapes raw HTML); exported for tests that run without a DOM. */
export function markdownToHtml(source: string): string {
  const out = marked.parse(source, { async: false });
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
    'alt', 'checked', 'disabled', 'align',
  ],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/)/i,
};

/** Markdown → sanitised HTML, safe for innerHTML. */
export function renderMarkdown(source: string): string {
  const html = markdownToHtml(source);
  if (!DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
}

const cache = new Map<string, string>();
const CACHE_MAX = 600;

/** renderMarkdown with a small LRU keyed by an id, for finished messages that scroll in and out. */
export function renderMarkdownCached(cacheKey: string, source: string): string {
  const key = `${cacheKey}\u0000${source.length}`;
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
