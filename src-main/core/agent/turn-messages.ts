// Small rewrites of a turn's messages: images as a note for models without vision, an extra system
// note, and why an answer came back empty.
import type { ChatMessage } from '../model/chat-message';
import type { LlmResponse } from '../model/llm-provider';
import type { EffectiveModel } from '../model/model-presets';
import type { TurnError } from './turn-error';

export const IMAGE_OMITTED_NOTE = '[image omitted: the current model cannot view images]';

/** Image parts become a text note for models without vision. */
export function withoutImages(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role !== 'user' || typeof m.content === 'string') return m;
    const text = m.content.map((p) => (p.type === 'text' ? p.text : IMAGE_OMITTED_NOTE)).join('\n');
    return { role: 'user', content: text };
  });
}

/** Why a model call ended with neither text nor tool calls: the finish reason when it tells, else that it was empty. */
export function emptyAnswerReason(finish: LlmResponse['finishReason'], model: EffectiveModel, thought: boolean): TurnError {
  if (finish === 'content_filter') return { kind: 'content_filter', message: "The provider's content filter stopped the answer." };
  if (finish === 'length') {
    return { kind: 'max_tokens', message: `The model used up its ${model.maxTokens}-token limit before writing an answer; raise agent.maxTokens.` };
  }
  const how = thought ? ' It only reasoned (see Thinking) and wrote no answer.' : '';
  return { kind: 'empty_answer', message: `The model '${model.model}' sent an empty answer: no text and no tool call.${how} Try again, or rephrase the message.` };
}

/** `extra` appended to the system message (or as one, when there is none). */
export function appendToSystem(messages: ChatMessage[], extra: string): ChatMessage[] {
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${extra}` }, ...rest];
  return [{ role: 'system', content: extra }, ...messages];
}
