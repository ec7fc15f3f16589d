// The MCP SDK's OAuthClientProvider for one HTTP server: stored tokens and registrations, the configured
// pre-registered or machine client, PKCE, state, and a browser step only while the user signs in.
import { randomBytes, randomInt } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthConfig } from '../../../../src-preload/contract/config-schema';
import { loadMcpSdk } from '../mcp-sdk-loader';
import type { OAuthStore } from './oauth-store';

const CLIENT_NAME = 'Nanotray';
/** Loopback ports a redirect URI is picked from (the dynamic range; any port works for loopback redirects, RFC 8252). */
const PORT_RANGE: [number, number] = [49152, 65535];

/** A sign-in in progress: where the browser comes back to, and what to do with the authorization URL. */
export interface SignInSession {
  redirectPort: number;
  state: string;
  onAuthorizationUrl(url: URL): void;
}

export interface ServerOAuthProviderOptions {
  name: string;
  serverUrl: string;
  oauth: McpOAuthConfig | undefined;
  store: OAuthStore;
}

/** The redirect URI of a loopback port. */
export function loopbackRedirectUrl(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

export class ServerOAuthProvider implements OAuthClientProvider {
  #session: SignInSession | undefined;
  #codeVerifier: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;
  /** Tokens of a machine (client credentials) client: kept in memory only, fetched again by a new process. */
  #machineTokens: OAuthTokens | undefined;
  /** The scope of the authorization URL last built outside a sign-in (what the server asked for). */
  #wantedScope: string | undefined;
  /** Whether the SDK wanted the browser outside a sign-in: the server needs the user to sign in. */
  #needsBrowser = false;
  readonly addClientAuthentication: OAuthClientProvider['addClientAuthentication'];

  constructor(private readonly options: ServerOAuthProviderOptions) {
    const oauth = options.oauth;
    if (oauth?.privateKey && oauth.clientId && oauth.algorithm) {
      const jwt = { issuer: oauth.clientId, subject: oauth.clientId, privateKey: oauth.privateKey, alg: oauth.algorithm };
      let sign: OAuthClientProvider['addClientAuthentication'];
      // The SDK's signer is made on first use: the SDK is loaded by then (it is the one calling), never before.
      this.addClientAuthentication = async (...args) => {
        sign ??= (await loadMcpSdk()).createPrivateKeyJwtAuth(jwt);
        return sign(...args);
      };
    }
  }

  /** A machine client signs in without a browser (client credentials). */
  get isMachineClient(): boolean {
    return this.options.oauth?.grantType === 'client_credentials';
  }

  get redirectUrl(): string | undefined {
    if (this.isMachineClient) return undefined;
    return loopbackRedirectUrl(this.#session?.redirectPort ?? this.redirectPort());
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.oauth?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.options.oauth?.scope;
    if (this.isMachineClient) {
      return { client_name: CLIENT_NAME, redirect_uris: [], grant_types: ['client_credentials'], ...(scope ? { scope } : {}) };
    }
    return {
      client_name: CLIENT_NAME,
      redirect_uris: [this.redirectUrl ?? ''],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(scope ? { scope } : {}),
    };
  }

  /** The loopback port this server's redirect URI uses (picked once, then kept with its registration). */
  redirectPort(): number {
    const stored = this.#record()?.redirectPort;
    if (stored) return stored;
    const port = randomInt(PORT_RANGE[0], PORT_RANGE[1] + 1);
    this.#update((r) => (r.redirectPort = port));
    return port;
  }

  /** The port was taken: use another one, and register again if the client was registered with the old one. */
  moveRedirectPort(port: number): void {
    this.#update((r) => {
      r.redirectPort = port;
      delete r.client;
    });
  }

  state(): string {
    return this.#session?.state ?? randomBytes(24).toString('base64url');
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const oauth = this.options.oauth;
    if (oauth?.clientId) {
      return { client_id: oauth.clientId, ...(oauth.clientSecret ? { client_secret: oauth.clientSecret } : {}) };
    }
    return this.#record()?.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    if (this.options.oauth?.clientId) return; // configured in config.json: nothing to store
    this.#update((r) => (r.client = info));
  }

  tokens(): OAuthTokens | undefined {
    if (this.isMachineClient) return this.#machineTokens;
    // A sign-in asks for new tokens (with the scope wanted now), so the old ones are not offered meanwhile.
    if (this.#session) return undefined;
    return this.#record()?.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    if (this.isMachineClient) {
      this.#machineTokens = tokens;
      return;
    }
    this.#update((r) => (r.tokens = tokens));
    this.#needsBrowser = false;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.#session) {
      this.#session.onAuthorizationUrl(authorizationUrl);
      return;
    }
    // Outside a sign-in nobody opens a browser on the user's behalf: the connection reports "needs sign-in".
    this.#wantedScope = authorizationUrl.searchParams.get('scope') ?? undefined;
    this.#needsBrowser = true;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.#codeVerifier) throw new Error('no PKCE code verifier: the sign-in was not started here');
    return this.#codeVerifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.isMachineClient) return undefined; // the SDK's authorization_code exchange
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) params.set('scope', scope);
    return params;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'discovery') this.#discovery = undefined;
    if (scope === 'all' || scope === 'verifier') this.#codeVerifier = undefined;
    if (scope === 'all' || scope === 'tokens') {
      this.#machineTokens = undefined;
      if (this.#record()?.tokens) this.#update((r) => delete r.tokens);
    }
    if ((scope === 'all' || scope === 'client') && this.#record()?.client) this.#update((r) => delete r.client);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  /** True once the server asked for a sign-in that needs the user (set until tokens are saved). */
  get needsSignIn(): boolean {
    return this.#needsBrowser;
  }

  /** The scope the server last asked for (from its challenge), for the next sign-in. */
  get wantedScope(): string | undefined {
    return this.#wantedScope;
  }

  /** Starts a sign-in: tokens are asked for anew and the authorization URL goes to `session`. */
  beginSession(session: SignInSession): void {
    this.#session = session;
    this.#codeVerifier = undefined;
  }

  endSession(): void {
    this.#session = undefined;
  }

  /** Forgets this server's tokens and dynamic registration (sign out). */
  forget(): void {
    this.#machineTokens = undefined;
    this.#discovery = undefined;
    this.#needsBrowser = false;
    this.options.store.remove(this.options.name);
  }

  /** Whether tokens are stored (or held, for a machine client). */
  get signedIn(): boolean {
    return this.isMachineClient ? Boolean(this.#machineTokens) : Boolean(this.#record()?.tokens);
  }

  #record() {
    return this.options.store.get(this.options.name, this.options.serverUrl);
  }

  #update(change: Parameters<OAuthStore['update']>[2]): void {
    this.options.store.update(this.options.name, this.options.serverUrl, change);
  }
}
