// The per-turn runtime note (current date and time, channel) attached to the newest user message, so the
// system prompt and everything before that message stay byte-identical across turns for prompt caching.
import type { ChatMessage } from '../model/chat-message';
import { formatLocalTime } from '../lib/zoned-time';

/** The note text, e.g. `[Runtime context: 2026-11-29 19:40 (Sunday), time zone UTC; channel desktop]`. */
export function runtimeNote(now: number, timeZone: string, channel: string): string {
  return `[Runtime context: ${formatLocalTime(now, timeZone)}, time zone ${timeZone}; channel ${channel}]`;
}

/** A copy of `messages` whose newest user message ends with `note` (stored history is not touched). */
export function withRuntimeNote(messages: ChatMessage[], note: string): ChatMessage[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const annotated: ChatMessage =
      typeof m.content === 'string'
        ? { role: 'user', content: `${m.content}\n\n${note}` }
        : { role: 'user', content: [...m.content, { type: 'text', text: note }] };
    const out = messages.slice();
    out[i] = annotated;
    return out;
  }
  return messages;
}
