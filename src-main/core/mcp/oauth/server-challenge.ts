// Asking an HTTP MCP server what it wants before a sign-in: one unauthenticated `initialize`, whose 401 (or 403)
// names the protected resource metadata, the scope and the error in WWW-Authenticate (MCP authorization, RFC 9728).
import type { AuthChallenge, ServerFetch } from './server-fetch';

/** A few seconds are enough for a server to refuse; a slow one leaves the sign-in to the well-known URLs. */
const ASK_TIMEOUT_MS = 10_000;

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'Nanotray', version: 'sign-in' } },
};

/**
 * Sends `initialize` without a token to `serverUrl` through the server's fetch (which keeps the challenge) and
 * returns the challenge of its answer: undefined when the server let it in (a session it opened is ended again) or
 * could not be reached. Never throws.
 */
export async function askServerForChallenge(serverUrl: string, http: ServerFetch): Promise<AuthChallenge | undefined> {
  http.clearChallenge();
  try {
    const response = await http.fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    const session = response.ok ? response.headers.get('mcp-session-id') : null;
    if (session) await http.fetch(serverUrl, { method: 'DELETE', headers: { 'mcp-session-id': session } }).catch(() => undefined);
  } catch {
    // unreachable or too slow: the sign-in goes on with the well-known URLs
  }
  return http.lastChallenge();
}
