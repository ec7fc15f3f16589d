// Reads DuckDuckGo's HTML result page with node-html-parser (imported lazily by web-search-providers.ts).
import { parse } from 'node-html-parser';

/** One result (the SearchHit shape of web-search-providers.ts, which imports this file lazily). */
export interface DuckDuckGoHit {
  title: string;
  url: string;
  snippet: string;
}

/** DuckDuckGo wraps result links as `//duckduckgo.com/l/?uddg=<encoded target>`; returns the target. */
export function unwrapDuckDuckGoUrl(href: string): string {
  try {
    const url = new URL(href, 'https://duckduckgo.com');
    const target = url.searchParams.get('uddg');
    if (target) return target;
    return url.href;
  } catch {
    return href;
  }
}

/** Parses DuckDuckGo's HTML result page (ads skipped). */
export function parseDuckDuckGoHtml(html: string, count: number): DuckDuckGoHit[] {
  const root = parse(html);
  const hits: DuckDuckGoHit[] = [];
  for (const result of root.querySelectorAll('.result')) {
    if (result.classList.contains('result--ad')) continue;
    const link = result.querySelector('a.result__a');
    if (!link) continue;
    const url = unwrapDuckDuckGoUrl(link.getAttribute('href') ?? '');
    if (!/^https?:\/\//.test(url)) continue;
    const snippet = result.querySelector('.result__snippet')?.text ?? '';
    hits.push({ title: link.text.replace(/\s+/g, ' ').trim(), url, snippet: snippet.replace(/\s+/g, ' ').trim() });
    if (hits.length >= count) break;
  }
  return hits;
}
