// The model port: one streaming chat call with tools. Implemented on core/net's HTTP client; faked in tests.
import type { ChatMessage, Reasoning, TokenUsage, ToolCall } from './chat-message';
import type { Result } from '../lib/result';
import type { ProviderErrorKindValue } from '../../../src-preload/contract/error-schemas';

/** A tool as the model sees it (JSON Schema parameters). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface LlmRequest {
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
}

export interface LlmResponse {
  content: string;
  toolCalls: ToolCall[];
  finishReason: 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'unknown';
  usage: TokenUsage;
  /** What the model thought before answering, when the server sent it. */
  reasoning?: Reasoning;
}

/**
 * Why a model call failed. One definition: the contract's providerErrorKindSchema (turn.finished and provider.retry
 * carry it). `auth` 401/403 (bad or missing key), `not_found` 404 (unknown model or wrong base URL), `rate_limit`
 * 429, `server` 5xx, `network` (refused, DNS, reset), `timeout` (no first byte, or no progress, in time), `bad_request` 400
 * (the request itself was rejected), `interrupted` (the stream ended before the answer did: no finish_reason, no
 * [DONE]), `bad_response` (a 200 that is not a chat completion, e.g. an HTML page behind a wrong base URL), `cancelled` (the AbortSignal fired), `no_provider` (nothing configured), `unknown`.
 */
export type ProviderErrorKind = ProviderErrorKindValue;

export interface ProviderError {
  kind: ProviderErrorKind;
  status?: number;
  /** One sentence for the user; never a stack trace, never a secret. */
  message: string;
  /** Whether retrying the same request may succeed. */
  transient: boolean;
}

/**
 * Something the provider changed about the request to make it work, said once per model: `tools_dropped`
 * (the model does not accept tools, so it answers without them).
 */
export interface ProviderNotice {
  code: 'tools_dropped';
  message: string;
}

export interface StreamCallbacks {
  onTextDelta?(text: string): void;
  /** The model's reasoning as it streams (never part of the answer). */
  onReasoningDelta?(text: string): void;
  /** Called before each retry with the wait in ms and the error that caused it. */
  onRetry?(attempt: number, waitMs: number, error: ProviderError): void;
  onNotice?(notice: ProviderNotice): void;
}

export interface LlmProvider {
  chat(request: LlmRequest, callbacks?: StreamCallbacks): Promise<Result<LlmResponse, ProviderError>>;
}
