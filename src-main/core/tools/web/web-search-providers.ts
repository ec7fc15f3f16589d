// Web search backends: DuckDuckGo's HTML page (default, no key), Brave, Tavily and SearXNG; base URLs injectable.
import type { Config } from '../../../../src-preload/contract/config-schema';
import { errResult, okResult, type Result } from '../../lib/result';
import { toolError, type ToolError } from '../../lib/tool-error';
import { createHttpFetch } from '../../net/http-fetch';
import { assertNever } from '../../lib/assert-never';

export type SearchProviderName = Config['tools']['web']['search']['provider'];
export type SearchConfig = Config['tools']['web']['search'];

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchOutcome {
  provider: SearchProviderName;
  hits: SearchHit[];
  /** Set when another provider than the configured one was used, and why. */
  note?: string;
}

export interface SearchDeps {
  fetch?: typeof fetch;
  /** Endpoints of the keyless/keyed services (tests point them at loopback servers). */
  endpoints?: { duckduckgo?: string; brave?: string; tavily?: string };
  timeoutMs?: number;
}

export const DEFAULT_ENDPOINTS = {
  duckduckgo: 'https://html.duckduckgo.com/html/',
  brave: 'https://api.search.brave.com/res/v1/web/search',
  tavily: 'https://api.tavily.com/search',
};

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Search answers are read up to this size and through at most this many redirects. */
const SEARCH_MAX_BYTES = 5 * 1024 * 1024;
const SEARCH_MAX_REDIRECTS = 5;

/**
 * The fetch the search providers use: the core's HTTP client, through `proxy` when one is set. Redirects stay on the
 * provider's own origin: the query is the model's text (it may carry workspace data) and the request carries the
 * search key, so neither may follow a redirect elsewhere — DuckDuckGo's `!bang` syntax, for one, redirects a query
 * to thousands of other sites.
 */
export function searchFetch(proxy?: string | null): typeof fetch {
  return createHttpFetch({ maxRedirects: SEARCH_MAX_REDIRECTS, sameOriginRedirects: true, maxBytes: SEARCH_MAX_BYTES, ...(proxy ? { proxy } : {}) });
}

async function getJson(doFetch: typeof fetch, url: string, init: RequestInit): Promise<Result<unknown>> {
  const res = await doFetch(url, init);
  if (!res.ok) return errResult(`HTTP ${res.status}`);
  return okResult(await res.json());
}

interface JsonHit {
  title?: unknown;
  url?: unknown;
  description?: unknown;
  content?: unknown;
}

function jsonHits(items: unknown, count: number): SearchHit[] {
  if (!Array.isArray(items)) return [];
  return (items as JsonHit[])
    .filter((i) => i && typeof i.url === 'string')
    .slice(0, count)
    .map((i) => ({
      title: String(i.title ?? '').trim(),
      url: String(i.url),
      snippet: String(i.description ?? i.content ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim(),
    }));
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** Which provider actually runs: a keyed one without its key (or SearXNG without a base URL) falls back to DuckDuckGo. */
export function effectiveProvider(search: SearchConfig): { provider: SearchProviderName; note?: string } {
  if ((search.provider === 'brave' || search.provider === 'tavily') && !search.apiKey.trim()) {
    return { provider: 'duckduckgo', note: `${search.provider} needs tools.web.search.apiKey, which is not set; used DuckDuckGo instead.` };
  }
  if (search.provider === 'searxng' && !search.baseUrl.trim()) {
    return { provider: 'duckduckgo', note: 'searxng needs tools.web.search.baseUrl, which is not set; used DuckDuckGo instead.' };
  }
  return { provider: search.provider };
}

/** Runs a search with the configured provider. Failures come back as model-facing errors. */
export async function searchWeb(
  query: string,
  count: number,
  search: SearchConfig,
  deps: SearchDeps = {},
  signal?: AbortSignal,
): Promise<Result<SearchOutcome, ToolError>> {
  const doFetch = deps.fetch ?? searchFetch();
  const endpoints = { ...DEFAULT_ENDPOINTS, ...deps.endpoints };
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const { provider, note } = effectiveProvider(search);
  const withNote = (hits: SearchHit[]): Result<SearchOutcome, ToolError> => okResult({ provider, hits, ...(note ? { note } : {}) });
  try {
    switch (provider) {
      case 'duckduckgo': {
        const url = `${endpoints.duckduckgo}?${new URLSearchParams({ q: query })}`;
        const res = await doFetch(url, { headers: { 'user-agent': USER_AGENT, accept: 'text/html' }, signal: combined });
        if (!res.ok) return errResult(toolError('failed', `Error: DuckDuckGo search failed (HTTP ${res.status}). Try again later or configure another provider.`));
        const { parseDuckDuckGoHtml } = await import('./duckduckgo-results'); // the HTML parser, on first use
        return withNote(parseDuckDuckGoHtml(await res.text(), count));
      }
      case 'brave': {
        const url = `${endpoints.brave}?${new URLSearchParams({ q: query, count: String(count) })}`;
        const body = await getJson(doFetch, url, {
          headers: { accept: 'application/json', 'x-subscription-token': search.apiKey },
          signal: combined,
        });
        if (!body.ok) return errResult(toolError('failed', `Error: Brave search failed (${body.error}). Check tools.web.search.apiKey.`));
        return withNote(jsonHits(field(field(body.value, 'web'), 'results'), count));
      }
      case 'tavily': {
        const body = await getJson(doFetch, endpoints.tavily, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${search.apiKey}` },
          body: JSON.stringify({ query, max_results: count }),
          signal: combined,
        });
        if (!body.ok) return errResult(toolError('failed', `Error: Tavily search failed (${body.error}). Check tools.web.search.apiKey.`));
        return withNote(jsonHits(field(body.value, 'results'), count));
      }
      case 'searxng': {
        const base = search.baseUrl.replace(/\/+$/, '');
        const body = await getJson(doFetch, `${base}/search?${new URLSearchParams({ q: query, format: 'json' })}`, {
          headers: { accept: 'application/json' },
          signal: combined,
        });
        if (!body.ok) {
          return errResult(toolError('failed', `Error: SearXNG search failed (${body.error}). Check tools.web.search.baseUrl and that JSON output is enabled.`));
        }
        return withNote(jsonHits(field(body.value, 'results'), count));
      }
      default:
        return assertNever(provider);
    }
  } catch (err) {
    if (timeout.aborted) return errResult(toolError('timeout', `Error: Web search timed out after ${Math.round(timeoutMs / 1000)} seconds`));
    if (signal?.aborted) return errResult(toolError('cancelled', 'Error: web_search was cancelled'));
    return errResult(toolError('failed', `Error: Web search failed: ${err instanceof Error ? err.message : String(err)}`));
  }
}
