// web_fetch: reads a web page as text/markdown, through the SSRF guard (no private addresses, checked per redirect)
// and the egress approval (network category: per host; a redirect to another host needs that host's approval too).
// Every request of the chain, sent or refused, goes to the egress ledger with its bytes and why it was allowed.
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type Tool, type ToolContext } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';
import type { ResolveAll } from '../../net/http-request';
import { guardedFetch } from './guarded-http';
import { egressHost } from '../egress/egress-host';
import { parseFetchUrl } from './url-guard';
import { untrustedBanner } from '../untrusted';
import type { EgressLedger, EgressVerdict } from '../egress/egress-record';
import { egressTarget } from '../egress/egress-target';

const params = z.object({
  url: z.string().min(1).describe('The http:// or https:// URL to read'),
  maxChars: z.number().int().min(100).max(500_000).default(50_000).describe('Cut the text after this many characters'),
});

export interface WebFetchDeps {
  /** DNS resolution (all addresses); tests map names to addresses. */
  resolveAll?: ResolveAll;
  timeoutMs?: number;
  /**
   * May this call go on to `host` without asking, and why? Consulted for a redirect to a host other than the
   * approved one (the approval gate answers: `auto` for auto mode or --yes, `rule`, or undefined: no). Missing:
   * redirects never leave the host.
   */
  egressAllowedBy?(host: string, ctx: ToolContext): 'auto' | 'rule' | 'run' | undefined;
  /** Where every request is recorded (the core's egress ledger). */
  ledger?: EgressLedger;
}

/** Why a hop to a host nobody approved is refused: read-only mode, nobody to ask, or not approved. */
function redirectVerdict(ctx: ToolContext): EgressVerdict {
  if (ctx.config.tools.approval.mode === 'readonly') return 'readonly';
  return ctx.interactive ? 'denied' : 'unattended';
}

/** What web_fetch and web_search answer while `tools.web.enable` is false. */
export const WEB_DISABLED_ERROR = 'Error: web tools are disabled (tools.web.enable is false)';

/** Refuses a URL that would be refused anyway before anyone is asked to approve it (the gate's preflight). */
export function precheckWebFetch(args: { url: string }, ctx: ToolContext): ToolError | undefined {
  if (!ctx.config.tools.web.enable) return toolError('disabled', WEB_DISABLED_ERROR);
  const parsed = parseFetchUrl(args.url);
  return parsed.ok ? undefined : parsed.error;
}

/** The model-facing refusal of a redirect to a host nobody approved; the model may fetch it itself (and be asked). */
function redirectRefusal(from: URL, to: URL, host: string): string {
  return (
    `Error: ${from.href} redirects to ${to.href}, on another host (${host}) that has not been approved, so web_fetch ` +
    'stopped there and sent nothing to it. If you need that page, call web_fetch with that URL (the user will be asked).'
  );
}

function isTextual(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|xhtml\+xml|rss\+xml|atom\+xml|javascript|ld\+json))/i.test(contentType) || contentType === '';
}

/** The tool's name (host rules the user adds are stored under it). */
export const WEB_FETCH_TOOL = 'web_fetch';

export function createWebFetchTool(deps: WebFetchDeps = {}): Tool<typeof params> {
  return defineTool({
    name: WEB_FETCH_TOOL,
    description:
      'Fetch a web page (http/https) and return its readable text as markdown. Private and local network addresses are refused.',
    params,
    category: 'network',
    untrustedOutput: true,
    forSubagents: true,
    egressSource: { kind: 'web_fetch' },
    preflight: precheckWebFetch,
    approvalSubject(args) {
      const parsed = parseFetchUrl(args.url);
      return parsed.ok ? { egress: { url: parsed.value.href, host: egressHost(parsed.value) } } : {};
    },
    async run(args, ctx) {
      const web = ctx.config.tools.web;
      if (!web.enable) return fail('disabled', WEB_DISABLED_ERROR);
      const start = parseFetchUrl(args.url);
      if (!start.ok) return failWith(start.error);
      // The gate approved this call's host; every other host a redirect leads to needs its own yes.
      const approved = egressHost(start.value);
      // Without a gate (tests, a host with none) nothing was asked: that is approval mode auto.
      const approvedBy: EgressVerdict = ctx.egressVerdict ?? 'auto';
      let hopVerdict = approvedBy;
      const record = (url: URL, verdict: EgressVerdict, bytesOut: number, bytesIn: number): void =>
        deps.ledger?.record({ at: ctx.now(), sessionKey: ctx.sessionKey, ...egressTarget(url), bytesOut, bytesIn, source: { kind: 'web_fetch' }, verdict });
      const fetched = await guardedFetch(start.value.href, {
        allowPrivateHosts: web.allowPrivateHosts,
        proxy: web.proxy,
        signal: ctx.signal,
        beforeRedirect: (from, to) => {
          const host = egressHost(to);
          const by = host === approved ? approvedBy : deps.egressAllowedBy?.(host, ctx);
          if (by) {
            hopVerdict = by;
            return undefined;
          }
          record(to, redirectVerdict(ctx), 0, 0);
          return redirectRefusal(from, to, host);
        },
        onHop: (hop) => record(hop.url, hop.refused ?? hopVerdict, hop.bytesOut, hop.bytesIn),
        ...(deps.resolveAll ? { resolveAll: deps.resolveAll } : {}),
        ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      });
      if (!fetched.ok) return failWith(fetched.error);
      const { finalUrl, status, contentType, body, cut } = fetched.value;
      if (!isTextual(contentType)) {
        return fail('unsupported', `Error: ${finalUrl} returned ${contentType} (${body.length} bytes), which web_fetch cannot read as text.`);
      }
      const raw = body.toString('utf8');
      let title = '';
      let text = raw;
      if (/html/i.test(contentType) || (contentType === '' && /<html|<body|<p[\s>]/i.test(raw))) {
        // The HTML parser is loaded with the first page that needs it, not at start-up.
        const { htmlToText } = await import('./html-to-text');
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
      if (status >= 400) return fail('failed', `Error: HTTP ${status} from ${finalUrl}\n${output.slice(0, 2000)}`);
      return ok(output);
    },
  });
}
