// The LlmProvider for OpenAI-compatible servers (OpenAI, Azure, OpenRouter, DeepSeek, Qwen, Ollama, vLLM,
// LM Studio) on the openai SDK: one streaming call with tools, bounded waiting, retries, and request fields a
// model refuses learned and left out from then on.
import type { LlmProvider, LlmRequest, LlmResponse, ProviderError, StreamCallbacks } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { refusedConversationError, type ClassifiedError, type ErrorContext } from './provider-errors';
import { createHttpFetch } from '../../net/http-fetch';
import { ModelQuirks, type RequestShape } from './model-quirks';
import { requestBody } from './chat-wire';
import type { OpenAiClientSettings } from './openai-client';
import type { StreamTimeouts } from './stream-watchdog';
import { realSleep, runWithRetry, type AttemptFailure, type RetryMode, type Sleep } from './retry-policy';

export interface OpenAiCompatibleOptions {
  name: string;
  apiKey: string;
  baseUrl?: string;
  headers?: Record<string, string>;
  /** Per-request timeout in ms, the default of both `firstByteMs` and `idleMs`. */
  timeoutMs?: number;
  /** How long to wait for the first byte of an answer (`providers.<name>.timeouts.firstByte`). */
  firstByteMs?: number;
  /** How long an answer may pause between chunks (`providers.<name>.timeouts.idle`). */
  idleMs?: number;
  /** Read before every call so a runtime change of the mode applies at once. */
  retryMode: RetryMode | (() => RetryMode);
  sleep?: Sleep;
  /** The transport under the SDK; defaults to core/net's HTTP client. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 40_000;
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/**
 * The SDK's requests go through the core's HTTP client (no redirects followed, bodies streamed): Node's
 * built-in fetch (undici) would cost ~14 MB of memory and its start-up on every CLI run.
 */
const providerFetch = createHttpFetch();
/** A request refused with a 400 is tried in at most this many shapes. */
const MAX_SHAPES = 8;

const sameShape = (a: RequestShape, b: RequestShape): boolean => JSON.stringify(a) === JSON.stringify(b);

export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name: string;
  #options: OpenAiCompatibleOptions;
  #quirks = new ModelQuirks();
  #timeouts: StreamTimeouts;
  #client: OpenAiClientSettings;

  constructor(options: OpenAiCompatibleOptions) {
    this.name = options.name;
    this.#options = options;
    const base = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#timeouts = { firstByteMs: options.firstByteMs ?? base, idleMs: options.idleMs ?? base };
    this.#client = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl ?? OPENAI_BASE_URL,
      ...(options.headers ? { headers: options.headers } : {}),
      timeoutMs: this.#timeouts.firstByteMs,
    };
  }

  #retryMode(): RetryMode {
    const m = this.#options.retryMode;
    return typeof m === 'function' ? m() : m;
  }

  async chat(request: LlmRequest, callbacks: StreamCallbacks = {}): Promise<Result<LlmResponse, ProviderError>> {
    const ctx: ErrorContext = { providerName: this.name, model: request.model, baseUrl: this.#options.baseUrl, apiKey: this.#options.apiKey };
    const learned = this.#quirks.shape(request.model);
    const queue: RequestShape[] = [learned];
    const tried: RequestShape[] = [];
    let refusal: ClassifiedError | undefined;
    while (queue.length && tried.length < MAX_SHAPES) {
      const shape = queue.shift()!;
      tried.push(shape);
      const result = await this.#withRetry(request, shape, callbacks, ctx);
      if (result.ok) {
        if (!sameShape(shape, learned)) this.#learned(request, shape, callbacks);
        return result;
      }
      const error = result.error;
      if (error.kind !== 'bad_request') return errResult(plain(error));
      refusal ??= error;
      // A field the server named is followed from any shape; a refusal that names none is answered by leaving
      // out each optional field of the first shape in turn (and then all of them), not by a search of all shapes.
      if (!error.param && tried.length > 1) continue;
      for (const alt of this.#quirks.alternatives(shape, error, request.tools.length > 0)) {
        if ([...tried, ...queue].some((s) => sameShape(s, alt))) continue;
        if (error.param) queue.unshift(alt);
        else queue.push(alt);
      }
    }
    const first = refusal!;
    return errResult(plain(tried.length > 1 ? refusedConversationError(first, ctx) : first));
  }

  #learned(request: LlmRequest, shape: RequestShape, callbacks: StreamCallbacks): void {
    const before = this.#quirks.shape(request.model);
    this.#quirks.remember(request.model, shape);
    if (before.tools && !shape.tools) {
      callbacks.onNotice?.({
        code: 'tools_dropped',
        message: `The model '${request.model}' of provider '${this.name}' does not accept tools, so it answers without them (no files, commands or web).`,
      });
    }
  }

  #withRetry(request: LlmRequest, shape: RequestShape, callbacks: StreamCallbacks, ctx: ErrorContext): Promise<Result<LlmResponse, ClassifiedError>> {
    return runWithRetry(
      async (): Promise<Result<LlmResponse, AttemptFailure>> => {
        const { createOpenAiClient, runChatAttempt } = await import('./sdk-transport'); // the SDK, on the first request
        const result = await runChatAttempt({
          // One light client per attempt (~60 µs), so each request has its own tap on the bytes.
          client: (fetch) => createOpenAiClient(this.#client, fetch),
          fetch: this.#options.fetch ?? providerFetch,
          body: requestBody(request, shape),
          timeouts: this.#timeouts,
          ...(request.signal ? { signal: request.signal } : {}),
          ctx,
          sink: { onText: (t) => callbacks.onTextDelta?.(t), onReasoning: (t) => callbacks.onReasoningDelta?.(t) },
        });
        // Once text reached the user a retry would repeat it: the caller decides.
        return result.ok ? okResult(result.value) : errResult({ error: result.error.error, retryable: !result.error.visible });
      },
      { mode: this.#retryMode(), sleep: this.#options.sleep ?? realSleep, signal: request.signal, onRetry: callbacks.onRetry?.bind(callbacks) },
    );
  }
}

/** The error without the provider-internal details (retry-after, param). */
function plain(error: ClassifiedError): ProviderError {
  const { retryAfterMs: _wait, param: _param, ...rest } = error;
  return rest;
}
