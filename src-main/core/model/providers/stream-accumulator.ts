// Collects a chat completion from streamed chunks (or one whole JSON completion): answer text, reasoning
// (`reasoning_content`, `reasoning` or `<think>` tags) apart from it, tool calls, usage and the finish reason.
import type { Reasoning, ReasoningFormat, TokenUsage } from '../chat-message';
import { ZERO_USAGE } from '../chat-message';
import type { LlmResponse } from '../llm-provider';
import { ThinkTagSplitter } from './think-tag-splitter';
import { ToolCallAssembler, type ToolCallDelta } from './tool-call-assembler';

export interface AccumulatorSink {
  onText?(text: string): void;
  onReasoning?(text: string): void;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined); // checked just before
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function toolCallDelta(raw: unknown): ToolCallDelta | undefined {
  const tc = obj(raw);
  if (!tc) return undefined;
  const fn = obj(tc.function) ?? {};
  // Some servers send the arguments as an object instead of JSON text.
  const args = typeof fn.arguments === 'string' ? fn.arguments : fn.arguments !== undefined && fn.arguments !== null ? JSON.stringify(fn.arguments) : undefined;
  return {
    ...(num(tc.index) !== undefined ? { index: num(tc.index) } : {}),
    ...(str(tc.id) ? { id: str(tc.id) } : {}),
    ...(str(fn.name) ? { name: str(fn.name) } : {}),
    ...(args ? { arguments: args } : {}),
  };
}

function finishReasonOf(value: string | null, hasToolCalls: boolean): LlmResponse['finishReason'] {
  if (value === 'stop' || value === 'tool_calls' || value === 'length' || value === 'content_filter') return value;
  if (value === 'function_call') return 'tool_calls';
  return hasToolCalls ? 'tool_calls' : value ? 'unknown' : 'stop';
}

export class StreamAccumulator {
  text = '';
  reasoning = '';
  reasoningFormat: ReasoningFormat | undefined;
  usage: TokenUsage = ZERO_USAGE;
  finish: string | null = null;
  /** Chunks (or the whole completion) received. */
  chunks = 0;
  #calls = new ToolCallAssembler();
  #think = new ThinkTagSplitter();

  constructor(private readonly sink: AccumulatorSink = {}) {}

  /** One parsed `chat.completion.chunk` (or a whole `chat.completion`, whose `message` reads like a delta). */
  add(chunk: unknown): void {
    const c = obj(chunk);
    if (!c) return;
    this.chunks++;
    const u = obj(c.usage);
    if (u) {
      const prompt = num(u.prompt_tokens) ?? 0;
      const completion = num(u.completion_tokens) ?? 0;
      this.usage = { promptTokens: prompt, completionTokens: completion, totalTokens: num(u.total_tokens) ?? prompt + completion };
    }
    for (const rawChoice of Array.isArray(c.choices) ? c.choices : []) {
      const choice = obj(rawChoice);
      const delta = obj(choice?.delta) ?? obj(choice?.message);
      if (delta) this.#delta(delta);
      const finish = str(choice?.finish_reason);
      if (finish) this.finish = finish;
    }
  }

  #delta(delta: Json): void {
    // DeepSeek, Qwen (DashScope) and vLLM < 0.10 say reasoning_content; OpenRouter, newer vLLM and Ollama say reasoning.
    const reasoningContent = str(delta.reasoning_content);
    const reasoning = str(delta.reasoning);
    if (reasoningContent) this.#addReasoning(reasoningContent, 'reasoning_content');
    else if (reasoning) this.#addReasoning(reasoning, 'reasoning');
    const content = str(delta.content);
    if (content) {
      const split = this.#think.push(content);
      if (split.reasoning) this.#addReasoning(split.reasoning, 'think_tag');
      if (split.answer) this.#addText(split.answer);
    }
    for (const raw of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
      const tc = toolCallDelta(raw);
      if (tc) this.#calls.add(tc);
    }
  }

  #addReasoning(text: string, format: ReasoningFormat): void {
    this.reasoningFormat ??= format;
    this.reasoning += text;
    this.sink.onReasoning?.(text);
  }

  #addText(text: string): void {
    this.text += text;
    this.sink.onText?.(text);
  }

  /** Flushes a `<think>` tag or text held back at the end of the stream. */
  end(): void {
    const rest = this.#think.end();
    if (rest.reasoning) this.#addReasoning(rest.reasoning, 'think_tag');
    if (rest.answer) this.#addText(rest.answer);
  }

  /** Whether anything reached the user (text or reasoning): a retry would show it twice. */
  get visible(): boolean {
    return this.text !== '' || this.reasoning !== '';
  }

  response(): LlmResponse {
    const toolCalls = this.#calls.calls();
    const reasoning: Reasoning | undefined = this.reasoning.trim() && this.reasoningFormat ? { text: this.reasoning, format: this.reasoningFormat } : undefined;
    return {
      content: this.text,
      toolCalls,
      finishReason: finishReasonOf(this.finish, toolCalls.length > 0),
      usage: this.usage,
      ...(reasoning ? { reasoning } : {}),
    };
  }
}
