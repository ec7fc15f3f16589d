// The one vocabulary of secret names: which config keys, runtime paths, header/env/query names and command-line
// flags carry a secret. Masking (logs, the renderer), the runtime policy, config-secrets and the MCP views ask here.

/** Names that are a secret themselves, matched whole (a config key, an object key, a runtime path segment). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'api_key',
  'apikey',
  'secret',
  'password',
  'token',
  'credential',
  'private_key',
  'privatekey',
  'access_token',
  'accesstoken',
  'refresh_token',
  'refreshtoken',
  'auth',
  'authorization',
]);

/** Words that make a name a secret's holder anywhere inside it (`X-Api-Key`, `GITHUB_TOKEN`, `--client-secret`). */
const SECRET_WORD = /(key|token|secret|passw|auth|cookie|credential|session)/i;

/** `accessToken`, `AccessToken`, `ACCESS_TOKEN` → the snake_case spellings to compare. */
function spellings(name: string): string[] {
  const lower = name.toLowerCase();
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const everyCapital = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return [lower, snake, everyCapital];
}

/**
 * True when a key names a secret as a whole (`apiKey`, `API_KEY`, `token`, `authorization`): what masking and the
 * runtime policy refuse. `maxTokens` or `sessionKey` are not secrets; see `isSecretName` for header-like names.
 */
export function isSecretKey(name: string): boolean {
  return spellings(name).some((s) => SECRET_KEYS.has(s));
}

/**
 * True when a header, env variable or query parameter named so carries a secret (`Authorization`, `X-Api-Key`,
 * `GITHUB_TOKEN`, `api-key`, `Cookie`): any secret word inside the name, or a secret key.
 */
export function isSecretName(name: string): boolean {
  return SECRET_WORD.test(name) || isSecretKey(name);
}

/** True for a command-line flag whose value is a secret (`--token X`, `-api-key X`, `--client-secret`). */
export function isSecretFlag(arg: string): boolean {
  return /^--?[\w-]+$/.test(arg) && isSecretName(arg.replace(/^--?/, ''));
}

/** A value shaped like a credential: one long word of letters and digits, no path or spaces. */
export function looksLikeToken(value: string): boolean {
  return value.length >= 16 && !/[\s/\\]/.test(value) && /[a-z]/i.test(value) && /\d/.test(value);
}
