// The summariser's view of a session: each stored message as one dated line, and how many of the oldest messages
// one summariser request can take.
import type { StoredMessage } from '../store/messages.repo';
import { formatLocalTime } from '../lib/zoned-time';
import { countTokens } from './token-estimate';

/** Characters of one message shown to the summariser. */
const TRANSCRIPT_MESSAGE_MAX_CHARS = 2_000;

/** One message as a line of the summariser's transcript. */
function transcriptLine(r: StoredMessage, timeZone: string): string {
  const when = formatLocalTime(r.createdAt, timeZone);
  let text = (r.content ?? '').trim();
  if (r.role === 'assistant' && r.toolCalls.length) {
    text += `${text ? '\n' : ''}(calls ${r.toolCalls.map((c) => `${c.name}(${c.arguments.slice(0, 200)})`).join(', ')})`;
  }
  if (text.length > TRANSCRIPT_MESSAGE_MAX_CHARS) text = `${text.slice(0, TRANSCRIPT_MESSAGE_MAX_CHARS)} [...]`;
  const who = r.role === 'tool' ? `TOOL ${r.name ?? ''}`.trim() : r.role.toUpperCase();
  return `[${when}] ${who}: ${text}`;
}

/** Messages as a plain transcript for the summariser. */
export function transcriptOf(rows: readonly StoredMessage[], timeZone: string): string {
  return rows.map((r) => transcriptLine(r, timeZone)).join('\n');
}

/**
 * How many of the oldest `rows` one summariser request takes: as many as their transcript fits `budgetTokens` (counted
 * exactly: the tokenizer is loaded), ending before a question when the part is cut short, and at least one. A backlog
 * far past the window is summarised a part per request, each a request the model can take, instead of one request
 * larger than its window that fails every time.
 */
export function excerptLength(rows: readonly StoredMessage[], budgetTokens: number, timeZone: string): number {
  let used = 0;
  let n = 0;
  while (n < rows.length) {
    used += countTokens(transcriptLine(rows[n]!, timeZone)) + 1;
    if (n > 0 && used > budgetTokens) break;
    n++;
  }
  if (n === rows.length) return n;
  let question = n;
  while (question > 0 && rows[question]!.role !== 'user') question--;
  return question > 0 ? question : n; // the next part starts at a question, so the kept history does too
}
