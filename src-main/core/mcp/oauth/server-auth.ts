// Everything OAuth of one HTTP MCP server, for its connection: the provider, the fetch with its challenges,
// whether an error means "sign in first", and one sign-in at a time.
import type { McpServerConfig } from '../../../../src-preload/contract/config-schema';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/core-error';
import type { Result } from '../../lib/result';
import { loadedMcpSdk } from '../mcp-sdk-loader';
import type { OAuthStore } from './oauth-store';
import { askServerForChallenge } from './server-challenge';
import { createServerFetch, type ServerFetch } from './server-fetch';
import { ServerOAuthProvider } from './server-oauth-provider';
import { startSignIn, type SignInError, type SignInStart } from './sign-in';

/** The sign-in side of a server's status. */
export interface McpAuthStatus {
  /** `machine`: client credentials (no browser); `user`: a person signs in in the browser. */
  kind: 'user' | 'machine';
  signedIn: boolean;
  /** A sign-in waits for the browser to come back. */
  signingIn: boolean;
  /** The scope the server asked for last, when it wants more than was granted. */
  wantedScope?: string;
  /** Why the stored sign-in cannot be used here (e.g. stored for the desktop app's keychain). */
  note?: string;
}

export class ServerAuth {
  readonly provider: ServerOAuthProvider;
  readonly http: ServerFetch;
  #signIn: SignInStart | undefined;

  constructor(
    private readonly name: string,
    private readonly config: McpServerConfig & { url: string },
    private readonly store: OAuthStore,
    private readonly clock: Clock,
  ) {
    this.provider = new ServerOAuthProvider({ name, serverUrl: config.url, oauth: config.oauth, store });
    this.http = createServerFetch(config.url, config.headers);
  }

  /**
   * Whether `err` means the server wants a (new) sign-in: the SDK gave up (UnauthorizedError), or the server's last
   * answer was a 401, or a 403 asking for more scope (step-up).
   */
  isAuthError(err: unknown): boolean {
    if (isUnauthorizedError(err)) return true;
    const challenge = this.http.lastChallenge();
    return challenge !== undefined && (challenge.status === 401 || challenge.error === 'insufficient_scope');
  }

  /** Forget the challenge of an earlier attempt (a connection that works has none). */
  connected(): void {
    this.http.clearChallenge();
  }

  status(): McpAuthStatus {
    const note = this.store.unreadable(this.name);
    const wanted = this.provider.wantedScope;
    return {
      kind: this.provider.isMachineClient ? 'machine' : 'user',
      signedIn: this.provider.signedIn,
      signingIn: this.#signIn !== undefined,
      ...(wanted && this.provider.needsSignIn ? { wantedScope: wanted } : {}),
      ...(note ? { note } : {}),
    };
  }

  /** The server's error line while it waits for a sign-in (the reason, when it is more than a plain 401). */
  stateMessage(err: unknown): string {
    const detail = err instanceof Error && !isUnauthorizedError(err) ? ` (${err.message})` : '';
    return `needs sign-in${this.#scopeNote()}${detail}`;
  }

  /** What a tool call of this server answers while it waits for a sign-in (the model passes it on). */
  toolHint(): string {
    return `needs sign-in${this.#scopeNote()}: ask the user to sign in (Sign in in the runtime panel, or \`nanotray mcp login ${this.name}\`), then try again`;
  }

  #scopeNote(): string {
    const scope = this.provider.needsSignIn ? this.provider.wantedScope : undefined;
    return scope ? ` to allow ${scope}` : '';
  }

  /** Starts a sign-in (a running one is cancelled first). */
  async signIn(): Promise<Result<SignInStart, SignInError>> {
    this.#signIn?.cancel();
    this.#signIn = undefined;
    // The server's own challenge first (a step-up's 403 is already known; otherwise ask): its metadata URL and scope
    // lead the sign-in, the well-known URLs are only the fallback.
    const challenge = this.http.lastChallenge() ?? (await askServerForChallenge(this.config.url, this.http));
    const started = await startSignIn({
      name: this.name,
      serverUrl: this.config.url,
      provider: this.provider,
      fetch: this.http.fetch,
      challenge,
      clock: this.clock,
    });
    if (!started.ok) return started;
    const current = started.value;
    this.#signIn = current;
    void current.done.finally(() => {
      if (this.#signIn === current) this.#signIn = undefined;
    });
    return started;
  }

  /** Forgets the tokens and registration; a sign-in waiting for the browser is cancelled. */
  signOut(): void {
    this.#signIn?.cancel();
    this.#signIn = undefined;
    this.provider.forget();
  }

  dispose(): void {
    this.#signIn?.cancel();
    this.#signIn = undefined;
  }
}

/** The error for a server that has no OAuth (stdio). */
export function notAnHttpServer(name: string): Result<never, SignInError> {
  return failure('failed', `MCP server '${name}' is not an HTTP server: only HTTP servers sign in`);
}

/** The SDK gave up for want of a sign-in (it must be loaded for its error to exist). */
function isUnauthorizedError(err: unknown): boolean {
  const sdk = loadedMcpSdk();
  return sdk !== undefined && err instanceof sdk.UnauthorizedError;
}
