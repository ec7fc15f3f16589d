// The openai SDK client of one provider, as Nanotray uses it: the SDK builds and sends the requests and parses
// the streams; retries, timeouts and error classification stay ours (no SDK retries, its timeout only a
// backstop behind the stream watchdog), the SDK logs nothing and reads no OPENAI_* setting from the
// environment in place of the provider's own, and a provider without a key sends no Authorization header
// (local servers, Azure's `api-key` header). A base URL's query (`?api-version=` for Azure) is kept by the SDK.
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
    defaultHeaders: { ...(settings.apiKey ? {} : { Authorization: null }), ...settings.headers },
  });
}
