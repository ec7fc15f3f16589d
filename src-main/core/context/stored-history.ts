// A session's stored rows as the model reads them: images and attached resources from a row's meta, reasoning
// carried along, and a history made valid for chat-completions (every tool call answered, no orphan results).
import { z } from 'zod';
import type { ChatMessage, ContentPart, Reasoning, ToolCall } from '../model/chat-message';
import { listMessages, type ModelMessageFields, type StoredMessage } from '../store/messages.repo';
import type { Database } from '../store/db';
import { assertNever } from '../lib/assert-never';

const storedImageSchema = z.object({ mimeType: z.string(), data: z.string() });

/** One entry of a user message's `meta.images` as `{ mimeType, data }`, or undefined when it is not one. */
export function storedImage(value: unknown): { mimeType: string; data: string } | undefined {
  const parsed = storedImageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Images stored with a user message (`meta.images`), as image parts; malformed entries are skipped. */
function imageParts(meta: Record<string, unknown>): ContentPart[] {
  if (!Array.isArray(meta.images)) return []; // most messages: no images
  const images = meta.images.map(storedImage);
  return images.flatMap((i) => (i ? [{ type: 'image_url' as const, image_url: { url: `data:${i.mimeType};base64,${i.data}` } }] : []));
}

const storedResourceSchema = z.object({ server: z.string(), uri: z.string(), text: z.string() });

/** MCP resources the user attached to a message (`meta.resources`): framed text the model reads after the message. */
export function storedResources(meta: Record<string, unknown>): { server: string; uri: string; text: string }[] {
  if (!Array.isArray(meta.resources)) return [];
  return meta.resources.flatMap((r) => {
    const parsed = storedResourceSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A user message's text as the model reads it: what the user wrote, then any attached resources. */
export function userMessageText(content: string, meta: Record<string, unknown>): string {
  if (meta.resources === undefined) return content; // most messages: nothing attached
  return [content, ...storedResources(meta).map((r) => r.text)].filter(Boolean).join('\n\n');
}

const REASONING_FORMATS: ReadonlySet<unknown> = new Set<Reasoning['format']>(['reasoning_content', 'reasoning', 'think_tag']);

function isReasoningFormat(value: unknown): value is Reasoning['format'] {
  return REASONING_FORMATS.has(value);
}

/** The reasoning stored with an assistant message (`meta.reasoning`, `meta.reasoningFormat`), if any. */
function storedReasoning(meta: Record<string, unknown>): Reasoning | undefined {
  const format = meta.reasoningFormat;
  return typeof meta.reasoning === 'string' && meta.reasoning && isReasoningFormat(format) ? { text: meta.reasoning, format } : undefined;
}

/** A stored row as the model sees it (reasoning is carried along; the provider decides whether it is sent). */
export function toChatMessage(m: ModelMessageFields): ChatMessage {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content ?? '' };
    case 'user': {
      const images = imageParts(m.meta);
      const text = userMessageText(m.content ?? '', m.meta);
      if (!images.length) return { role: 'user', content: text };
      return { role: 'user', content: [{ type: 'text', text }, ...images] };
    }
    case 'assistant': {
      if (!m.toolCalls.length) return { role: 'assistant', content: m.content ?? '' };
      const reasoning = storedReasoning(m.meta);
      return { role: 'assistant', content: m.content, toolCalls: m.toolCalls, ...(reasoning ? { reasoning } : {}) };
    }
    case 'tool':
      return { role: 'tool', toolCallId: m.toolCallId ?? '', name: m.name ?? '', content: m.content ?? '' };
    default:
      return assertNever(m.role);
  }
}

/** What a tool call that never got a result is answered with when the history is repaired. */
export const MISSING_TOOL_RESULT = 'Error: This tool call did not finish (the turn was interrupted), so there is no result.';

/**
 * Makes a history valid for chat-completions: each assistant message with tool calls is followed by exactly
 * one tool message per call (missing ones are filled in with an interruption note), and tool messages that
 * answer no call directly before them are dropped. A leading run of tool messages is dropped too.
 */
export function repairHistory(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let i = 0;
  while (i < messages.length) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      i++; // orphan: no assistant call directly before it
      continue;
    }
    out.push(m);
    i++;
    if (m.role !== 'assistant' || !m.toolCalls?.length) continue;
    if (answeredInOrder(messages, i, m.toolCalls)) {
      // The usual shape (each call's result right after it, in order, nothing else): kept as it is.
      for (let k = 0; k < m.toolCalls.length; k++) out.push(messages[i + k]!);
      i += m.toolCalls.length;
      continue;
    }
    const results = new Map<string, ChatMessage & { role: 'tool' }>();
    for (let t = messages[i]; t?.role === 'tool'; t = messages[++i]) {
      if (!results.has(t.toolCallId)) results.set(t.toolCallId, t);
    }
    for (const call of m.toolCalls) {
      out.push(results.get(call.id) ?? { role: 'tool', toolCallId: call.id, name: call.name, content: MISSING_TOOL_RESULT });
    }
  }
  return out;
}

/** Whether `messages[at…]` holds exactly one tool result per call of `calls`, in their order, and then no other tool message. */
function answeredInOrder(messages: readonly ChatMessage[], at: number, calls: readonly ToolCall[]): boolean {
  for (let k = 0; k < calls.length; k++) {
    const t = messages[at + k];
    if (t?.role !== 'tool' || t.toolCallId !== calls[k]!.id) return false;
    for (let j = 0; j < k; j++) if (calls[j]!.id === calls[k]!.id) return false; // a repeated id: the general path
  }
  return messages[at + calls.length]?.role !== 'tool';
}

/** Stored rows as model messages (system rows only when marked `meta.visibleToModel`), not yet repaired. */
export function toHistoryMessages(rows: StoredMessage[]): ChatMessage[] {
  return rows.filter((r) => r.role !== 'system' || r.meta.visibleToModel === true).map(toChatMessage);
}

/** The session's messages after `afterId` as a repaired chat history, oldest first. */
export function loadHistory(db: Database, sessionKey: string, options: { afterId?: number } = {}): ChatMessage[] {
  const rows = listMessages(db, sessionKey, options.afterId !== undefined ? { afterId: options.afterId } : {});
  return repairHistory(toHistoryMessages(rows));
}
