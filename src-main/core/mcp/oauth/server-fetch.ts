// The fetch an HTTP MCP server's transport and OAuth requests go through: the core's one HTTP client, the
// configured headers on requests to the server's own origin only, and the server's last 401/403 challenge.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createHttpFetch } from '../../net/http-fetch';
import { loadMcpSdk } from '../mcp-sdk-loader';

/** What the server said when it refused a request (WWW-Authenticate of a 401 or 403). */
export interface AuthChallenge {
  status: 401 | 403;
  scope?: string;
  resourceMetadataUrl?: URL;
  /** `insufficient_scope` on a step-up. */
  error?: string;
}

export interface ServerFetch {
  fetch: FetchLike;
  /** The last challenge of the server since `clearChallenge()`. */
  lastChallenge(): AuthChallenge | undefined;
  clearChallenge(): void;
}

function requestUrl(input: string | URL | Request): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
}

/**
 * `headers` (config's `headers`: maybe an API key) go only to `serverUrl`'s origin, never to an authorization
 * server elsewhere; headers the SDK sets (Authorization from OAuth tokens, session id) win over them.
 */
export function createServerFetch(serverUrl: string, headers: Record<string, string>, base: FetchLike = createHttpFetch()): ServerFetch {
  const origin = new URL(serverUrl).origin;
  let challenge: AuthChallenge | undefined;
  const fetch: FetchLike = async (input, init) => {
    const url = requestUrl(input);
    const own = url.origin === origin;
    let nextInit = init;
    if (own && Object.keys(headers).length > 0) {
      const merged = new Headers(headers);
      new Headers(init?.headers).forEach((value, key) => merged.set(key, value));
      nextInit = { ...init, headers: merged };
    }
    const response = await base(url, nextInit);
    if (own && (response.status === 401 || response.status === 403)) {
      const params = (await loadMcpSdk()).extractWWWAuthenticateParams(response);
      challenge = { status: response.status, ...params };
    }
    return response;
  };
  return { fetch, lastChallenge: () => challenge, clearChallenge: () => (challenge = undefined) };
}
