// The chat-completions request as it goes on the wire, in the openai SDK's types: messages, tools and the
// optional fields a model may refuse (see model-quirks.ts).
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ChatMessage } from '../chat-message';
import type { LlmRequest } from '../llm-provider';
import type { RequestShape } from './model-quirks';
import { assertNever } from '../../lib/assert-never';

/** DeepSeek's thinking mode wants the reasoning back on assistant messages with tool calls; the SDK's type has no field for it. */
type AssistantWithReasoning = ChatCompletionAssistantMessageParam & { reasoning_content?: string };

/**
 * Our message shape → the chat-completions wire shape. Reasoning goes back only where the server asks for it:
 * as `reasoning_content` on assistant messages with tool calls, when it came as `reasoning_content` (DeepSeek's
 * thinking mode returns 400 without it there and ignores it elsewhere). `reasoning` fields and `<think>` text
 * are never re-sent (Qwen: the history should hold only the final answers).
 */
export function toWireMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: m.content };
      case 'assistant': {
        if (!m.toolCalls?.length) return { role: 'assistant', content: m.content ?? '' };
        const echo = m.reasoning?.format === 'reasoning_content' ? { reasoning_content: m.reasoning.text } : {};
        const message: AssistantWithReasoning = {
          role: 'assistant',
          content: m.content,
          ...echo,
          tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        };
        return message;
      }
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
      default:
        return assertNever(m);
    }
  });
}

/** The JSON body of one streaming request in the given shape. */
export function requestBody(request: LlmRequest, shape: RequestShape): ChatCompletionCreateParamsStreaming {
  const tools: ChatCompletionFunctionTool[] | undefined = shape.tools && request.tools.length
    ? request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))
    : undefined;
  return {
    model: request.model,
    messages: toWireMessages(request.messages),
    ...(tools ? { tools } : {}),
    ...(shape.completionTokens ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
    ...(shape.temperature ? { temperature: request.temperature } : {}),
    stream: true,
    ...(shape.streamOptions ? { stream_options: { include_usage: true } } : {}),
  };
}
