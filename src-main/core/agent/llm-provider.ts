// The model port: one streaming chat call with tools. Implemented on the openai SDK; faked in tests.
import type { ChatMessage, TokenUsage, ToolCall } from './chat-message';
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
}

/**
 * Why a model call failed. One definition: the contract's providerErrorKindSchema (turn.finished and provider.retry
 * carry it). `auth` 401/403 (bad or missing key), `not_found` 404 (unknown model or wrong base URL), `rate_limit`
 * 429, `server` 5xx, `network` (refused, DNS, reset), `timeout` (no answer in time), `bad_request` 400 (the request
 * itself was rejected), `cancelled` (the AbortSignal fired), `no_provider` (nothing configured), `unknown`.
 */
export type ProviderErrorKind = ProviderErrorKindValue;

export interface ProviderError {
  kind: ProviderErrorKind;
  status?: number;
  /** One sentence for the user; never a stack trace, never a secret. */
  message: string;
  /**
   * The server's own words about the failure (scrubbed, cut), when it said any. Foreign text: only the provider
   * edge reads it (model-quirks.ts learns refused parameters from a 400); everything else uses `kind`.
   */
  serverDetail?: string;
  /** Whether retrying the same request may succeed. */
  transient: boolean;
}

export interface StreamCallbacks {
  onTextDelta?(text: string): void;
  /** Called before each retry with the wait in ms and the error that caused it. */
  onRetry?(attempt: number, waitMs: number, error: ProviderError): void;
}

export interface LlmProvider {
  chat(request: LlmRequest, callbacks?: StreamCallbacks): Promise<Result<LlmResponse, ProviderError>>;
}
