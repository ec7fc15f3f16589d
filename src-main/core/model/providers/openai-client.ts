// The openai SDK client of one provider, as Nanotray uses it: the SDK builds and sends the requests and parses
// the streams; retries, timeouts and error classification stay ours (no SDK retries, its timeout only a
// backstop behind the stream watchdog), the SDK logs nothing and reads no OPENAI_* setting from the
// environment in place of the provider's own, and a provider without a key sends no Authorization header
// (local servers, Azure's `api-key` header), nor the SDK's machine fingerprint or OPENAI_CUSTOM_HEADERS.
// A base URL's query (`?api-version=` for Azure) is kept by the SDK.
import OpenAI from 'openai';

export interface OpenAiClientSettings {
  apiKey: string;
  baseUrl: string;
  /** Extra headers (an org id, Azure's `api-key`, OpenRouter's `HTTP-Referer` and `X-Title`). */
  headers?: Record<string, string>;
  /** The SDK's own request timeout; the provider's watchdog ends a slow request first. */
  timeoutMs: number;
}

/** The SDK refuses to start without some key; it is never sent (the Authorization header is removed). */
const NO_KEY = 'no-key';
/** How much longer the SDK's own timeout waits than ours, so it only fires if the watchdog did not. */
const BACKSTOP_MS = 10_000;

/** Headers the SDK adds to every request: this machine's OS, CPU, runtime and versions, and retry bookkeeping. */
const SDK_FINGERPRINT = [
  'X-Stainless-Lang', 'X-Stainless-Package-Version', 'X-Stainless-OS', 'X-Stainless-Arch', 'X-Stainless-Runtime',
  'X-Stainless-Runtime-Version', 'X-Stainless-Retry-Count', 'X-Stainless-Timeout', 'X-Stainless-Helper-Method',
];

/** The names OPENAI_CUSTOM_HEADERS (`Name: value` lines, read by the SDK itself) would add to every provider. */
function environmentHeaderNames(env: NodeJS.ProcessEnv): string[] {
  return (env.OPENAI_CUSTOM_HEADERS ?? '').split('\n').flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [line.slice(0, colon).trim()] : [];
  });
}

/**
 * Headers no provider is sent: the SDK's fingerprint and what OPENAI_CUSTOM_HEADERS names (a header meant for one
 * service must not follow every request to another). `null` removes a header the SDK would add.
 */
function removedHeaders(env: NodeJS.ProcessEnv): Record<string, null> {
  return Object.fromEntries([...SDK_FINGERPRINT, ...environmentHeaderNames(env)].map((name) => [name, null]));
}

/** A client that sends its requests through `fetch` (the core's HTTP client, watched by a ResponseTap). */
export function createOpenAiClient(settings: OpenAiClientSettings, fetch: typeof globalThis.fetch): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey || NO_KEY,
    baseURL: settings.baseUrl,
    organization: null,
    project: null,
    adminAPIKey: null,
    maxRetries: 0,
    timeout: settings.timeoutMs + BACKSTOP_MS,
    logLevel: 'off',
    fetch,
    defaultHeaders: { ...removedHeaders(process.env), ...(settings.apiKey ? {} : { Authorization: null }), ...settings.headers },
  });
}
