// Turns whatever the openai SDK or the network throws into a ProviderError with one clear sentence.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ProviderError } from '../llm-provider';
import { knownSecrets } from '../../lib/logger';
import { scrubSecrets } from '../../lib/redact';

/** A ProviderError plus what the server said about waiting (internal to the provider and retry policy). */
export interface ClassifiedError extends ProviderError {
  /** Parsed from `retry-after` / `retry-after-ms` headers, when present. */
  retryAfterMs?: number;
}

export interface ErrorContext {
  providerName: string;
  model: string;
  baseUrl?: string;
  /** The API key of this provider: it is scrubbed from every message. */
  apiKey?: string;
}

const TRANSIENT_STATUS = new Set([408, 409, 429]);

/** True for the HTTP statuses the retry policy may repeat: 408, 409, 429 and every 5xx. */
export function isTransientStatus(status: number): boolean {
  return TRANSIENT_STATUS.has(status) || status >= 500;
}

/** The message when a turn names a provider that config.json does not define. */
export function noProviderError(providerName: string): ProviderError {
  return {
    kind: 'no_provider',
    message:
      `No provider '${providerName}' is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another ` +
      `OpenAI-compatible server), or add providers.${providerName} with apiKey/baseUrl to config.json ` +
      '(in the desktop app: Settings).',
    transient: false,
  };
}

export function cancelledError(): ProviderError {
  return { kind: 'cancelled', message: 'The request was cancelled.', transient: false };
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const v = (headers as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

/** `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(headers: unknown, now = Date.now()): number | undefined {
  const ms = headerValue(headers, 'retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headerValue(headers, 'retry-after');
  if (!ra) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(ra)) return Math.max(0, Number(ra) * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** The server's own error text, short and without secrets. */
function serverDetail(err: APIError, ctx: ErrorContext): string {
  const body = err.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  const clean = scrubSecrets(raw.replace(/\s+/g, ' ').trim(), [...knownSecrets(), ctx.apiKey ?? '']);
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

function withDetail(sentence: string, detail: string): string {
  return detail ? `${sentence} (Server said: ${detail})` : sentence;
}

function fromStatus(err: APIError, status: number, ctx: ErrorContext): ClassifiedError {
  const p = ctx.providerName;
  const detail = serverDetail(err, ctx);
  const retryAfterMs = parseRetryAfter(err.headers);
  const base = { status, transient: isTransientStatus(status), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  switch (true) {
    case status === 401:
      return { ...base, kind: 'auth', message: `The provider rejected the API key (401). Set a valid key in settings or config.json (providers.${p}.apiKey).` };
    case status === 403:
      return { ...base, kind: 'auth', message: withDetail(`The provider refused access (403) for model '${ctx.model}'. Check the key's permissions for providers.${p}.`, detail) };
    case status === 404:
      return { ...base, kind: 'not_found', message: withDetail(`The provider does not know model '${ctx.model}' or the base URL is wrong (404). Check agent.model and providers.${p}.baseUrl.`, detail) };
    case status === 429:
      return { ...base, kind: 'rate_limit', message: withDetail(`The provider is rate-limiting requests (429). Wait a moment and try again.`, detail) };
    case status >= 500:
      return { ...base, kind: 'server', message: withDetail(`The provider had a server error (${status}). Try again later.`, detail) };
    case status === 408:
      return { ...base, kind: 'timeout', message: `The provider timed out (408). Try again.` };
    case status === 409:
      return { ...base, kind: 'server', message: withDetail(`The provider reported a conflict (409). Try again.`, detail) };
    case status === 400 || status === 422:
      return {
        ...base,
        kind: 'bad_request',
        message: withDetail(`The provider rejected the request (${status}).`, detail),
        ...(detail ? { serverDetail: detail } : {}),
      };
    default:
      return { ...base, kind: 'unknown', message: withDetail(`The provider answered with HTTP ${status}.`, detail) };
  }
}

/** Classifies any thrown value from a model call. Never includes a stack trace or the key. */
export function classifyProviderError(err: unknown, ctx: ErrorContext, signal?: AbortSignal): ClassifiedError {
  if (signal?.aborted || err instanceof APIUserAbortError || (err instanceof Error && err.name === 'AbortError')) {
    return cancelledError();
  }
  const where = ctx.baseUrl ? ` at ${ctx.baseUrl}` : '';
  if (err instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', transient: true, message: `The provider '${ctx.providerName}'${where} did not answer in time.` };
  }
  if (err instanceof APIConnectionError) {
    return { kind: 'network', transient: true, message: `Could not reach the provider '${ctx.providerName}'${where} (network error). Check the base URL and your connection.` };
  }
  if (err instanceof APIError) {
    if (typeof err.status === 'number') return fromStatus(err, err.status, ctx);
    // An error event inside the stream (`data: {"error": …}`): no status.
    const detail = serverDetail(err, ctx) || scrubSecrets(err.message, [...knownSecrets(), ctx.apiKey ?? '']);
    return { kind: 'unknown', transient: false, message: withDetail('The provider reported an error.', detail) };
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EPIPE|ETIMEDOUT|EAI_AGAIN|UND_ERR_SOCKET)$/.test(code)) {
    return { kind: 'network', transient: true, message: `Could not reach the provider '${ctx.providerName}'${where} (${code}).` };
  }
  const msg = err instanceof Error ? err.message : String(err);
  if (/terminated|socket|network|fetch failed/i.test(msg)) {
    return { kind: 'network', transient: true, message: `The connection to the provider '${ctx.providerName}' broke off. Try again.` };
  }
  return {
    kind: 'unknown',
    transient: false,
    message: `The model call failed: ${scrubSecrets(msg.split('\n')[0] ?? '', [...knownSecrets(), ctx.apiKey ?? ''])}`,
  };
}
