// web_fetch: reads a web page as text/markdown, through the SSRF guard (no private addresses, checked per redirect).
import { z } from 'zod';
import { defineTool, fail, ok, type Tool } from '../tool';
import { guardedFetch, type ResolveAll } from '../sandbox/guarded-http';
import { htmlToText } from '../sandbox/html-to-text';
import { untrustedBanner } from './untrusted';

const params = z.object({
  url: z.string().min(1).describe('The http:// or https:// URL to read'),
  maxChars: z.number().int().min(100).max(500_000).default(50_000).describe('Cut the text after this many characters'),
});

export interface WebFetchDeps {
  /** DNS resolution (all addresses); tests map names to addresses. */
  resolveAll?: ResolveAll;
  timeoutMs?: number;
}

function isTextual(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|xhtml\+xml|rss\+xml|atom\+xml|javascript|ld\+json))/i.test(contentType) || contentType === '';
}

export function createWebFetchTool(deps: WebFetchDeps = {}): Tool<typeof params> {
  return defineTool({
    name: 'web_fetch',
    description:
      'Fetch a web page (http/https) and return its readable text as markdown. Private and local network addresses are refused.',
    params,
    category: 'read',
    async run(args, ctx) {
      const web = ctx.config.tools.web;
      if (!web.enable) return fail('Error: web tools are disabled (tools.web.enable is false)');
      const fetched = await guardedFetch(args.url, {
        allowPrivateHosts: web.allowPrivateHosts,
        proxy: web.proxy,
        signal: ctx.signal,
        ...(deps.resolveAll ? { resolveAll: deps.resolveAll } : {}),
        ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      });
      if (!fetched.ok) return fail(fetched.error);
      const { finalUrl, status, contentType, body, cut } = fetched.value;
      if (!isTextual(contentType)) {
        return fail(`Error: ${finalUrl} returned ${contentType} (${body.length} bytes), which web_fetch cannot read as text.`);
      }
      const raw = body.toString('utf8');
      let title = '';
      let text = raw;
      if (/html/i.test(contentType) || (contentType === '' && /<html|<body|<p[\s>]/i.test(raw))) {
        ({ title, text } = htmlToText(raw, finalUrl));
      } else if (/json/i.test(contentType)) {
        try {
          text = JSON.stringify(JSON.parse(raw), null, 2);
        } catch {
          // not valid JSON after all: show it as it came
        }
      }
      const header = [untrustedBanner(finalUrl), `URL: ${finalUrl}`, `Status: ${status}`];
      if (title) header.push(`Title: ${title}`);
      let shown = text;
      let footer = '';
      if (text.length > args.maxChars) {
        shown = text.slice(0, args.maxChars);
        footer = `\n\n(Truncated at ${args.maxChars} characters; ${text.length - args.maxChars} more not shown.)`;
      } else if (cut) {
        footer = '\n\n(The page was larger than 5 MB; only its beginning was read.)';
      }
      const output = `${header.join('\n')}\n\n${shown}${footer}`;
      if (status >= 400) return fail(`Error: HTTP ${status} from ${finalUrl}\n${output.slice(0, 2000)}`);
      return ok(output);
    },
  });
}
