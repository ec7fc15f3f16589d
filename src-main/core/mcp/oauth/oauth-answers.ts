// The answers of a sign-in's OAuth requests, watched for the one that was not OAuth JSON (a web page, plain text),
// so a failed sign-in names it in words instead of passing on a JSON parser's message.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** An answer that was not JSON: where from, its HTTP status and what it was. */
export interface NotOAuthJson {
  /** The address asked, without its query. */
  url: string;
  status: number;
  kind: 'web page' | 'empty answer' | 'other';
  contentType: string;
}

export interface WatchedFetch {
  fetch: FetchLike;
  /** The last answer, when it was not JSON (a later JSON answer clears it). */
  lastNotJson(): NotOAuthJson | undefined;
}

const PEEK_CHARS = 200;

function addressOf(input: string | URL | Request): string {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return `${url.origin}${url.pathname}`;
}

async function classify(response: Response): Promise<NotOAuthJson['kind']> {
  const contentType = response.headers.get('content-type') ?? '';
  if (/html/i.test(contentType)) return 'web page';
  const head = (await response.clone().text().catch(() => '')).slice(0, PEEK_CHARS).trimStart();
  if (head === '') return 'empty answer';
  return /^<(!doctype|html|head|body)/i.test(head) ? 'web page' : 'other';
}

/** Wraps `base` so the last non-JSON answer is known. */
export function watchOAuthAnswers(base: FetchLike): WatchedFetch {
  let last: NotOAuthJson | undefined;
  const fetch: FetchLike = async (input, init) => {
    const response = await base(input, init);
    const contentType = response.headers.get('content-type') ?? '';
    if (/json/i.test(contentType)) last = undefined;
    else last = { url: addressOf(input), status: response.status, kind: await classify(response), contentType };
    return response;
  };
  return { fetch, lastNotJson: () => last };
}

/** "the server at …/register answered with a web page (HTTP 404), not OAuth JSON". */
export function describeNotOAuthJson(answer: NotOAuthJson): string {
  const what = answer.kind === 'web page' ? 'a web page' : answer.kind === 'empty answer' ? 'an empty answer' : `'${answer.contentType || 'no content type'}'`;
  return `the server at ${answer.url} answered with ${what} (HTTP ${answer.status}), not OAuth JSON`;
}
