// Turns what a model server answers or the transport fails with into a ProviderError with one clear sentence.
// Meaning comes from the HTTP status, the fields of the server's error object and the transport's typed errors,
// never from the text of a message. Errors a retry may cure carry no "try again": the retry policy retries them
// ("Retrying in N s"), a failover names them as its reason, and the window offers Retry from the kind.
import type { ProviderError } from '../llm-provider';
import { scrubSecrets } from '../../lib/known-secrets';

/** A ProviderError plus what the server said about waiting and which parameter it refused. */
export interface ClassifiedError extends ProviderError {
  /** Parsed from `retry-after` / `retry-after-ms` headers, when present. */
  retryAfterMs?: number;
  /** The request field the server named in its error object (`param`), e.g. `max_tokens`. */
  param?: string;
}

export interface ErrorContext {
  providerName: string;
  model: string;
  baseUrl?: string;
  /** The API key of this provider: it is scrubbed from every message. */
  apiKey?: string;
}

/** The fields of a server's error object that carry meaning (OpenAI, vLLM, Ollama, OpenRouter, Azure shapes). */
export interface ServerErrorBody {
  message: string;
  /** A numeric `code` or `status` in the object (OpenRouter and vLLM put the HTTP status there). */
  status?: number;
  /** A string `code` or `type` (`rate_limit_exceeded`, `server_error`, `unsupported_parameter`, …). */
  code?: string;
  param?: string;
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

/** `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers?.get('retry-after');
  if (!ra) return undefined;
  const seconds = Number(ra.trim());
  if (ra.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

const record = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined); // checked just before

/**
 * The error object of a server's JSON answer: `{error: {...}}` (OpenAI, Azure, OpenRouter, vLLM ≥ 0.6),
 * `{error: "text"}` (Ollama's native errors) or a top-level `{object: "error", message, code}` (older vLLM).
 * Undefined when the value carries no error.
 */
export function serverErrorBody(json: unknown): ServerErrorBody | undefined {
  const top = record(json);
  if (!top) return undefined;
  if (typeof top.error === 'string') return { message: top.error };
  const inner = record(top.error) ?? (top.object === 'error' ? top : undefined);
  if (!inner) return undefined;
  const numeric = [inner.code, inner.status].find((v) => typeof v === 'number' || (typeof v === 'string' && /^\d{3}$/.test(v)));
  const code = [inner.code, inner.type].find((v): v is string => typeof v === 'string' && !/^\d+$/.test(v));
  return {
    message: typeof inner.message === 'string' ? inner.message : '',
    ...(numeric !== undefined ? { status: Number(numeric) } : {}),
    ...(code ? { code } : {}),
    ...(typeof inner.param === 'string' && inner.param ? { param: inner.param } : {}),
  };
}

/** The server's own error text, short and without secrets. */
function serverDetail(body: ServerErrorBody | undefined, ctx: ErrorContext): string {
  const raw = body?.message ?? '';
  const clean = scrubSecrets(raw.replace(/\s+/g, ' ').trim(), [ctx.apiKey ?? '']);
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

function withDetail(sentence: string, detail: string): string {
  return detail ? `${sentence} (Server said: ${detail})` : sentence;
}

/** Classifies an HTTP error answer (or an error object inside a stream with this status). */
export function fromHttpStatus(status: number, body: ServerErrorBody | undefined, headers: Headers | undefined, ctx: ErrorContext): ClassifiedError {
  const p = ctx.providerName;
  const detail = serverDetail(body, ctx);
  const retryAfterMs = parseRetryAfter(headers);
  const base = {
    status,
    transient: isTransientStatus(status),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(body?.param ? { param: body.param } : {}),
  };
  switch (true) {
    case status === 401:
      return { ...base, kind: 'auth', message: `The provider rejected the API key (401). Set a valid key in settings or config.json (providers.${p}.apiKey).` };
    case status === 403:
      return { ...base, kind: 'auth', message: withDetail(`The provider refused access (403) for model '${ctx.model}'. Check the key's permissions for providers.${p}.`, detail) };
    case status === 404:
      return { ...base, kind: 'not_found', message: withDetail(`The provider does not know model '${ctx.model}' or the base URL is wrong (404). Check agent.model and providers.${p}.baseUrl.`, detail) };
    case status === 429:
      return { ...base, kind: 'rate_limit', message: withDetail(`The provider is rate-limiting requests (429).`, detail) };
    case status >= 500:
      return { ...base, kind: 'server', message: withDetail(`The provider had a server error (${status}).`, detail) };
    case status === 408:
      return { ...base, kind: 'timeout', message: `The provider timed out (408).` };
    case status === 409:
      return { ...base, kind: 'server', message: withDetail(`The provider reported a conflict (409).`, detail) };
    case status === 400 || status === 422:
      return { ...base, kind: 'bad_request', message: withDetail(`The provider rejected the request (${status}).`, detail) };
    default:
      return { ...base, kind: 'unknown', message: withDetail(`The provider answered with HTTP ${status}.`, detail) };
  }
}

/** The HTTP status an error object's string code stands for (OpenAI and OpenRouter codes and types). */
const STATUS_OF_CODE: Record<string, number> = {
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  insufficient_quota: 429,
  server_error: 500,
  internal_error: 500,
  api_error: 500,
  overloaded: 503,
  overloaded_error: 503,
  service_unavailable: 503,
  timeout: 408,
  invalid_request_error: 400,
  context_length_exceeded: 400,
  authentication_error: 401,
  invalid_api_key: 401,
  permission_error: 403,
  not_found_error: 404,
  model_not_found: 404,
};

/**
 * An error object that arrived inside a 200 stream (`data: {"error": …}`) is treated like the HTTP status it
 * names, so a 429 or 500 mid-stream is retried like one. Without a status it counts as a server error.
 */
export function fromStreamError(body: ServerErrorBody, ctx: ErrorContext): ClassifiedError {
  const status = body.status ?? (body.code ? STATUS_OF_CODE[body.code] : undefined) ?? 500;
  return fromHttpStatus(status, body, undefined, ctx);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET']);

/** The `code` of a Node system error, looked up through `cause` chains. */
function systemCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The connection could not be made (thrown by the request, before any answer). */
export function connectError(err: unknown, ctx: ErrorContext): ClassifiedError {
  const where = ctx.baseUrl ? ` at ${ctx.baseUrl}` : '';
  const code = systemCode(err);
  const known = code && NETWORK_CODES.has(code) ? ` (${code})` : ' (network error)';
  return {
    kind: 'network',
    transient: true,
    message: `Could not reach the provider '${ctx.providerName}'${where}${known}. Check the base URL and your connection.`,
  };
}

/** The connection broke while the answer was being read. */
export function brokenStreamError(ctx: ErrorContext, receivedSome: boolean): ClassifiedError {
  return receivedSome
    ? { kind: 'interrupted', transient: true, message: `The connection to the provider '${ctx.providerName}' broke off in the middle of the answer.` }
    : { kind: 'network', transient: true, message: `The connection to the provider '${ctx.providerName}' broke off.` };
}

/** The stream ended cleanly but before the answer did: no `finish_reason` and no `[DONE]`. */
export function cutStreamError(ctx: ErrorContext): ClassifiedError {
  return {
    kind: 'interrupted',
    transient: true,
    message: `The answer from the provider '${ctx.providerName}' stopped before it was complete (the stream ended without a finish reason).`,
  };
}

/** A 400 that no change of the optional request fields cured: the conversation itself is refused. */
export function refusedConversationError(error: ClassifiedError, ctx: ErrorContext): ClassifiedError {
  return {
    ...error,
    message:
      `${error.message} The provider '${ctx.providerName}' refuses this conversation as it is, also without the optional ` +
      'request fields. If it keeps happening, start a new chat with /new.',
  };
}
