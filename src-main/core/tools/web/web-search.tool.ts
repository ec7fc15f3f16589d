// web_search: searches the web with the configured provider (DuckDuckGo by default, no key needed).
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type Tool } from '../tool';
import { searchFetch, searchWeb, type SearchDeps } from './web-search-providers';
import { untrustedBanner } from '../untrusted';
import { WEB_DISABLED_ERROR } from './web-fetch.tool';

const params = z.object({
  query: z.string().min(1).describe('What to search for'),
  count: z.number().int().min(1).max(20).optional().describe('How many results (default from config, 5)'),
});

export function createWebSearchTool(deps: SearchDeps = {}): Tool<typeof params> {
  return defineTool({
    name: 'web_search',
    description: 'Search the web. Returns titles, URLs and snippets; use web_fetch to read a page.',
    params,
    category: 'read',
    untrustedOutput: true,
    forSubagents: true,
    async run(args, ctx) {
      const web = ctx.config.tools.web;
      if (!web.enable) return fail('disabled', WEB_DISABLED_ERROR);
      const count = args.count ?? web.search.maxResults;
      // With tools.web.proxy set, the search requests go through it too.
      const withProxy = web.proxy && !deps.fetch ? { ...deps, fetch: searchFetch(web.proxy) } : deps;
      const found = await searchWeb(args.query, count, web.search, withProxy, ctx.signal);
      if (!found.ok) return failWith(found.error);
      const { hits, note, provider } = found.value;
      const lines = [untrustedBanner(`a ${provider} web search`)];
      if (note) lines.push(`(Note: ${note})`);
      if (hits.length === 0) {
        lines.push(`No results for: ${args.query}`);
        return ok(lines.join('\n'));
      }
      lines.push(`Results for: ${args.query}`, '');
      hits.forEach((hit, i) => {
        lines.push(`${i + 1}. ${hit.title || hit.url}`, `   ${hit.url}`);
        if (hit.snippet) lines.push(`   ${hit.snippet}`);
      });
      return ok(lines.join('\n'));
    },
  });
}
