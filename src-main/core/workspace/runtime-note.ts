// The per-turn runtime note (current date and time, channel) attached to the newest user message, so the
// system prompt and everything before that message stay byte-identical across turns for prompt caching.
import type { ChatMessage } from '../agent/chat-message';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** `2026-11-29 19:40 (Sunday)` in `timeZone`, minute precision. */
export function formatLocalTime(now: number, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(new Date(now));
  } catch {
    return timeZone === 'UTC' ? new Date(now).toISOString() : formatLocalTime(now, 'UTC');
  }
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${get('weekday')})`;
}

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
