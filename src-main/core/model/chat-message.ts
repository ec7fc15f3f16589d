// The conversation format the core stores and sends to models (OpenAI chat-completions shape).

export interface ToolCall {
  id: string;
  name: string;
  /** The raw JSON text the model produced; may be malformed and is validated by the registry. */
  arguments: string;
}

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

/**
 * Where a model's reasoning came from: the `reasoning_content` field (DeepSeek, vLLM before 0.10, Qwen on
 * DashScope), the `reasoning` field (OpenRouter, newer vLLM, Ollama's /v1) or `<think>` tags in the content.
 */
export type ReasoningFormat = 'reasoning_content' | 'reasoning' | 'think_tag';

/** What a model thought before it answered: shown apart from the answer and stored apart from it. */
export interface Reasoning {
  text: string;
  format: ReasoningFormat;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[]; reasoning?: Reasoning }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const ZERO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
