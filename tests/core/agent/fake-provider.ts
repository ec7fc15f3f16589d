// An in-process LlmProvider for loop tests: answers from a script and records every request.
import type { LlmProvider, LlmRequest, LlmResponse, ProviderError, StreamCallbacks } from '../../../src-main/core/model/llm-provider';
import type { ToolCall } from '../../../src-main/core/model/chat-message';
import type { Result } from '../../../src-main/core/lib/result';

export type FakeStep =
  | { text?: string; toolCalls?: ToolCall[]; usage?: LlmResponse['usage'] }
  | { error: ProviderError }
  | ((req: LlmRequest, cb: StreamCallbacks) => Promise<Result<LlmResponse, ProviderError>>);

export class FakeProvider implements LlmProvider {
  requests: LlmRequest[] = [];
  steps: FakeStep[] = [];
  fallback: FakeStep | undefined;

  constructor(...steps: FakeStep[]) {
    this.steps = steps;
  }

  async chat(request: LlmRequest, callbacks: StreamCallbacks = {}): Promise<Result<LlmResponse, ProviderError>> {
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const step = this.steps.shift() ?? this.fallback;
    if (!step) return { ok: false, error: { kind: 'unknown', message: 'fake provider: no step left', transient: false } };
    if (typeof step === 'function') return step(request, callbacks);
    if ('error' in step) return { ok: false, error: step.error };
    if (step.text) callbacks.onTextDelta?.(step.text);
    const toolCalls = step.toolCalls ?? [];
    return {
      ok: true,
      value: {
        content: step.text ?? '',
        toolCalls,
        finishReason: toolCalls.length ? 'tool_calls' : 'stop',
        usage: step.usage ?? { promptTokens: 10, completionTokens: 2, totalTokens: 12 },
      },
    };
  }
}

export const call = (name: string, args: unknown, id = `call_${name}`): ToolCall => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});
