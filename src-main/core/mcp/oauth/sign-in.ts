// One sign-in to an HTTP MCP server with the SDK's auth(): discovery, registration, PKCE and the loopback
// redirect for people; the client-credentials grant for machine clients (no browser).
import { randomBytes } from 'node:crypto';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Clock } from '../../lib/clock';
import { failure, type ServiceError } from '../../lib/core-error';
import { scrubSecrets } from '../../lib/known-secrets';
import { errorMessage, okResult, type Result } from '../../lib/result';
import { describeNotOAuthJson, watchOAuthAnswers, type WatchedFetch } from './oauth-answers';
import { openLoopbackRedirect, type LoopbackRedirect } from './loopback-redirect';
import { browserSafe } from '../browser-safe';
import { loadMcpSdk } from '../mcp-sdk-loader';
import type { AuthChallenge } from './server-fetch';
import type { ServerOAuthProvider } from './server-oauth-provider';

/** How long a sign-in waits for the browser to come back. */
export const SIGN_IN_WAIT_MS = 5 * 60_000;

export type SignInError = ServiceError<'failed'>;

/** A sign-in that started: open `authorizationUrl` (when set) in a browser; `done` tells how it ended. */
export interface SignInStart {
  authorizationUrl?: string;
  done: Promise<Result<void, SignInError>>;
  /** Abandons the wait for the browser. */
  cancel(): void;
}

export interface SignInOptions {
  name: string;
  serverUrl: string;
  provider: ServerOAuthProvider;
  fetch: FetchLike;
  /** The server's last challenge (scope and metadata URL to ask with). */
  challenge: AuthChallenge | undefined;
  clock: Clock;
}

/** The failure in words: an answer that was not OAuth JSON is named as such, never by a parser's message. */
function signInFailed(name: string, err: unknown, answers?: WatchedFetch): Result<never, SignInError> {
  const notJson = answers?.lastNotJson();
  const reason = notJson ? describeNotOAuthJson(notJson) : errorMessage(err);
  return failure('failed', `Could not sign in to MCP server '${name}': ${scrubSecrets(reason)}`);
}

async function openRedirect(provider: ServerOAuthProvider, state: string, name: string): Promise<LoopbackRedirect> {
  try {
    return await openLoopbackRedirect(provider.redirectPort(), state, name);
  } catch {
    // The port is taken (by another program): take any free one; the client registers again with it.
    const redirect = await openLoopbackRedirect(0, state, name);
    provider.moveRedirectPort(redirect.port);
    return redirect;
  }
}

/** Starts a sign-in; resolves once the authorization URL is known (or the sign-in already ended). */
export async function startSignIn(options: SignInOptions): Promise<Result<SignInStart, SignInError>> {
  const { provider, name } = options;
  const { auth } = await loadMcpSdk();
  const answers = watchOAuthAnswers(options.fetch);
  const authOptions = {
    serverUrl: options.serverUrl,
    fetchFn: answers.fetch,
    ...(options.challenge?.resourceMetadataUrl ? { resourceMetadataUrl: options.challenge.resourceMetadataUrl } : {}),
  };
  // The server's latest challenge names what it wants now (a step-up's larger scope); what the SDK asked for
  // outside a sign-in is the fallback.
  const scope = options.challenge?.scope ?? provider.wantedScope;
  if (provider.isMachineClient) {
    try {
      const result = await auth(provider, { ...authOptions, ...(scope ? { scope } : {}) });
      if (result !== 'AUTHORIZED') return failure('failed', `Could not sign in to MCP server '${name}': the server wants a browser sign-in`);
      return okResult({ done: Promise.resolve(okResult(undefined)), cancel: () => {} });
    } catch (err) {
      return signInFailed(name, err, answers);
    }
  }

  const state = randomBytes(24).toString('base64url');
  let redirect: LoopbackRedirect;
  try {
    redirect = await openRedirect(provider, state, name);
  } catch (err) {
    return signInFailed(name, err, answers);
  }
  let gotUrl!: (url: URL) => void;
  const urlGiven = new Promise<URL>((resolve) => (gotUrl = resolve));
  provider.beginSession({ redirectPort: redirect.port, state, onAuthorizationUrl: (url) => gotUrl(url) });
  const end = (): void => {
    redirect.close();
    provider.endSession();
  };

  let first: 'AUTHORIZED' | 'REDIRECT' | URL;
  const authorizing = auth(provider, { ...authOptions, ...(scope ? { scope } : {}) });
  authorizing.catch(() => {}); // its failure is handled through the race below
  try {
    first = await Promise.race([authorizing, urlGiven]);
  } catch (err) {
    end();
    return signInFailed(name, err, answers);
  }
  if (first === 'AUTHORIZED') {
    end();
    return okResult({ done: Promise.resolve(okResult(undefined)), cancel: () => {} });
  }
  const authorizationUrl = first === 'REDIRECT' ? await urlGiven : first;
  if (!browserSafe(authorizationUrl)) {
    end();
    return failure('failed', `Could not sign in to MCP server '${name}': its authorization address is not https (${authorizationUrl.protocol})`);
  }

  const cancelTimer = options.clock.setTimeout(() => redirect.close('nobody finished the sign-in in the browser within 5 minutes'), SIGN_IN_WAIT_MS);
  const done = (async (): Promise<Result<void, SignInError>> => {
    try {
      const code = await redirect.code;
      if (!code.ok) return failure('failed', `Could not sign in to MCP server '${name}': ${code.error}`);
      const result = await auth(provider, { ...authOptions, ...(scope ? { scope } : {}), authorizationCode: code.value });
      if (result !== 'AUTHORIZED') return failure('failed', `Could not sign in to MCP server '${name}': the code was not accepted`);
      return okResult(undefined);
    } catch (err) {
      return signInFailed(name, err, answers);
    } finally {
      cancelTimer();
      end();
    }
  })();
  return okResult({ authorizationUrl: authorizationUrl.href, done, cancel: () => redirect.close() });
}
