// Turns an HTML page into readable markdown-ish text: headings, paragraphs, lists, links, code; no scripts or chrome.
import { HTMLElement, NodeType, parse, type Node } from 'node-html-parser';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'head', 'nav', 'footer', 'aside', 'form', 'button', 'select', 'object', 'embed']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tr', 'blockquote', 'figure', 'figcaption', 'details', 'summary', 'address', 'body', 'html']);

export interface PageText {
  title: string;
  text: string;
}

function resolveHref(href: string, baseUrl: string | undefined): string | undefined {
  if (!href || /^(?:javascript|data|mailto):/i.test(href) || href.startsWith('#')) return undefined;
  try {
    return baseUrl ? new URL(href, baseUrl).href : href;
  } catch {
    return undefined;
  }
}

class MarkdownWriter {
  #out = '';
  text(s: string): void {
    const collapsed = s.replace(/\s+/g, ' ');
    if (!collapsed) return;
    if (/(^|\n)$/.test(this.#out) || this.#out.endsWith(' ')) this.#out += collapsed.replace(/^ /, '');
    else this.#out += collapsed;
  }
  raw(s: string): void {
    this.#out += s;
  }
  block(): void {
    this.#out = this.#out.replace(/[ \t]+$/, '');
    if (this.#out && !this.#out.endsWith('\n\n')) this.#out += this.#out.endsWith('\n') ? '\n' : '\n\n';
  }
  line(): void {
    this.#out = this.#out.replace(/[ \t]+$/, '');
    if (this.#out && !this.#out.endsWith('\n')) this.#out += '\n';
  }
  result(): string {
    return this.#out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  }
}

function inlineText(el: HTMLElement): string {
  return el.text.replace(/\s+/g, ' ').trim();
}

function walk(node: Node, w: MarkdownWriter, baseUrl: string | undefined, listDepth: number): void {
  if (node.nodeType === NodeType.TEXT_NODE) {
    w.text(node.text);
    return;
  }
  if (!(node instanceof HTMLElement)) return;
  const tag = (node.rawTagName ?? '').toLowerCase();
  if (SKIPPED.has(tag) || node.getAttribute('hidden') !== undefined || node.getAttribute('aria-hidden') === 'true') return;
  const children = (): void => {
    for (const child of node.childNodes) walk(child, w, baseUrl, listDepth);
  };
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    w.block();
    w.raw(`${'#'.repeat(Number(heading[1]))} ${inlineText(node)}`);
    w.block();
    return;
  }
  switch (tag) {
    case 'br':
      w.line();
      return;
    case 'hr':
      w.block();
      w.raw('---');
      w.block();
      return;
    case 'pre':
      w.block();
      w.raw(`\`\`\`\n${node.text.replace(/\n+$/, '')}\n\`\`\``);
      w.block();
      return;
    case 'code':
      w.text(`\`${inlineText(node)}\``);
      return;
    case 'strong':
    case 'b':
      w.text(`**${inlineText(node)}**`);
      return;
    case 'em':
    case 'i':
      w.text(`*${inlineText(node)}*`);
      return;
    case 'a': {
      const label = inlineText(node);
      const href = resolveHref(node.getAttribute('href') ?? '', baseUrl);
      if (label) w.text(href ? `[${label}](${href})` : label);
      return;
    }
    case 'img': {
      const alt = (node.getAttribute('alt') ?? '').trim();
      if (alt) w.text(` [image: ${alt}] `);
      return;
    }
    case 'li': {
      w.line();
      const ordered = (node.parentNode?.rawTagName ?? '').toLowerCase() === 'ol';
      w.raw(`${'  '.repeat(Math.max(0, listDepth - 1))}${ordered ? '1.' : '-'} `);
      for (const child of node.childNodes) walk(child, w, baseUrl, listDepth);
      w.line();
      return;
    }
    case 'ul':
    case 'ol':
      w.block();
      for (const child of node.childNodes) walk(child, w, baseUrl, listDepth + 1);
      w.block();
      return;
    case 'tr': {
      w.line();
      const cells = node.childNodes.filter((c): c is HTMLElement => c instanceof HTMLElement && /^t[hd]$/i.test(c.rawTagName ?? ''));
      w.raw(`| ${cells.map(inlineText).join(' | ')} |`);
      w.line();
      return;
    }
    case 'blockquote':
      w.block();
      w.raw(`> ${inlineText(node)}`);
      w.block();
      return;
    default:
      if (BLOCKS.has(tag)) {
        w.block();
        children();
        w.block();
      } else {
        children();
      }
  }
}

/** The page's title and its main content (the <article>/<main> when there is one) as markdown-ish text. */
export function htmlToText(html: string, baseUrl?: string): PageText {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const title = (root.querySelector('title')?.text ?? '').replace(/\s+/g, ' ').trim();
  const main = root.querySelector('article') ?? root.querySelector('main') ?? root.querySelector('body') ?? root;
  const writer = new MarkdownWriter();
  walk(main, writer, baseUrl, 0);
  return { title, text: writer.result() };
}
