// The LlmProvider on the openai SDK: one streaming chat call with tools, usage, retries and clear errors.
import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage, TokenUsage, ToolCall } from '../chat-message';
import { ZERO_USAGE } from '../chat-message';
import type { LlmProvider, LlmRequest, LlmResponse, ProviderError, StreamCallbacks } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { classifyProviderError, type ClassifiedError, type ErrorContext } from './provider-errors';
import { createHttpFetch } from '../../net/http-fetch';
import { ModelQuirks } from './model-quirks';
import { realSleep, runWithRetry, type AttemptFailure, type RetryMode, type Sleep } from './retry-policy';
import { assertNever } from '../../lib/assert-never';

export interface OpenAiCompatibleOptions {
  name: string;
  apiKey: string;
  baseUrl?: string;
  headers?: Record<string, string>;
  /** Per-request timeout in ms (no answer → `timeout` error). */
  timeoutMs?: number;
  /** Read before every call so a runtime change of the mode applies at once. */
  retryMode: RetryMode | (() => RetryMode);
  sleep?: Sleep;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** The SDK's requests go through the core's HTTP client (no redirects followed, bodies streamed). */
const providerFetch = createHttpFetch();

function idleTimeoutError(providerName: string, idleMs: number): ClassifiedError {
  return {
    kind: 'timeout',
    transient: true,
    message: `The provider '${providerName}' sent nothing for ${idleMs / 1000} s, so the request was abandoned.`,
  };
}

/** Our message shape → the chat-completions wire shape. */
export function toWireMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: m.content };
      case 'assistant':
        return m.toolCalls?.length
          ? {
              role: 'assistant',
              content: m.content,
              tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
            }
          : { role: 'assistant', content: m.content ?? '' };
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
      default:
        return assertNever(m);
    }
  });
}

function toWireTools(request: LlmRequest): ChatCompletionTool[] | undefined {
  if (!request.tools.length) return undefined;
  return request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

function finishReasonOf(value: string | null | undefined, hasToolCalls: boolean): LlmResponse['finishReason'] {
  if (value === 'stop' || value === 'tool_calls' || value === 'length' || value === 'content_filter') return value;
  if (value === 'function_call') return 'tool_calls';
  return hasToolCalls ? 'tool_calls' : value ? 'unknown' : 'stop';
}

/** Collects streamed deltas: text in order, tool calls by their index (id/name first, arguments concatenated). */
export class StreamAccumulator {
  text = '';
  usage: TokenUsage = ZERO_USAGE;
  finish: string | null = null;
  #calls = new Map<number, ToolCall>();

  add(chunk: ChatCompletionChunk, onText?: (t: string) => void): void {
    if (chunk.usage) {
      const u = chunk.usage;
      this.usage = {
        promptTokens: u.prompt_tokens ?? 0,
        completionTokens: u.completion_tokens ?? 0,
        totalTokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0),
      };
    }
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta;
      if (delta?.content) {
        this.text += delta.content;
        onText?.(delta.content);
      }
      for (const tc of delta?.tool_calls ?? []) {
        const index = tc.index ?? 0;
        const call = this.#calls.get(index) ?? { id: '', name: '', arguments: '' };
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name += tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
        this.#calls.set(index, call);
      }
      if (choice.finish_reason) this.finish = choice.finish_reason;
    }
  }

  toolCalls(): ToolCall[] {
    return [...this.#calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }))
      .filter((c) => c.name);
  }

  response(): LlmResponse {
    const toolCalls = this.toolCalls();
    return { content: this.text, toolCalls, finishReason: finishReasonOf(this.finish, toolCalls.length > 0), usage: this.usage };
  }
}

export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name: string;
  #client: OpenAI;
  #options: OpenAiCompatibleOptions;

  constructor(options: OpenAiCompatibleOptions) {
    this.name = options.name;
    this.#options = options;
    this.#client = new OpenAI({
      apiKey: options.apiKey || 'not-needed',
      baseURL: options.baseUrl,
      maxRetries: 0,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      defaultHeaders: options.headers,
      fetch: providerFetch,
    });
  }

  #retryMode(): RetryMode {
    const m = this.#options.retryMode;
    return typeof m === 'function' ? m() : m;
  }

  async chat(request: LlmRequest, callbacks: StreamCallbacks = {}): Promise<Result<LlmResponse, ProviderError>> {
    const ctx: ErrorContext = { providerName: this.name, model: request.model, baseUrl: this.#options.baseUrl, apiKey: this.#options.apiKey };
    for (;;) {
      const result = await runWithRetry((): Promise<Result<LlmResponse, AttemptFailure>> => this.#attempt(request, callbacks, ctx), {
        mode: this.#retryMode(),
        sleep: this.#options.sleep ?? realSleep,
        signal: request.signal,
        onRetry: callbacks.onRetry?.bind(callbacks),
      });
      // A model that rejects a parameter (reasoning models: max_tokens, temperature) is asked again without it.
      if (!result.ok && this.#quirks.learn(request.model, result.error)) continue;
      return result;
    }
  }

  #quirks = new ModelQuirks();

  async #attempt(request: LlmRequest, callbacks: StreamCallbacks, ctx: ErrorContext): Promise<Result<LlmResponse, AttemptFailure>> {
    const acc = new StreamAccumulator();
    let streamed = false;
    // The SDK's timeout covers the wait for the response; this one also catches a stream that stalls midway.
    const idleMs = this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const idle = new AbortController();
    let idleTimer = setTimeout(() => idle.abort(), idleMs);
    const resetIdle = (): void => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), idleMs);
    };
    const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
    try {
      const tools = toWireTools(request);
      const stream = await this.#client.chat.completions.create(
        {
          model: request.model,
          messages: toWireMessages(request.messages),
          ...(tools ? { tools } : {}),
          ...this.#quirks.limits(request.model, request.maxTokens, request.temperature),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      for await (const chunk of stream) {
        resetIdle();
        acc.add(chunk, (t) => {
          streamed = true;
          callbacks.onTextDelta?.(t);
        });
      }
      // The SDK ends a stream quietly when its signal fires; that is a cancel or a stall, not an answer.
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      return okResult(acc.response());
    } catch (err) {
      const error =
        idle.signal.aborted && !request.signal?.aborted
          ? idleTimeoutError(this.name, idleMs)
          : classifyProviderError(err, ctx, request.signal);
      // Once text reached the user a retry would repeat it; fail instead.
      return errResult({ error, retryable: !streamed });
    } finally {
      clearTimeout(idleTimer);
    }
  }
}
