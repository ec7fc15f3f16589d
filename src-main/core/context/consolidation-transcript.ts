// The summariser's view of a session: each stored message as one dated line (capped, its own line breaks indented so
// no text of a message can pass for another line), and the part of the oldest messages one summariser request takes.
import type { StoredMessage } from '../store/messages.repo';
import { formatLocalTime } from '../lib/zoned-time';
import { countOrBound } from './token-estimate';

/** Characters of one message shown to the summariser (its tool calls included). */
const TRANSCRIPT_MESSAGE_MAX_CHARS = 2_000;
/** Characters of a tool name shown (the model chose it: it could be any length). */
const NAME_MAX_CHARS = 64;
/** A line is never cut shorter than this to make a part fit. */
const LINE_MIN_CHARS = 40;

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)} [...]` : text);

/** One message as a line of the summariser's transcript. */
function transcriptLine(r: StoredMessage, timeZone: string): string {
  const when = formatLocalTime(r.createdAt, timeZone);
  let text = (r.content ?? '').trim();
  if (r.role === 'assistant' && r.toolCalls.length) {
    text += `${text ? '\n' : ''}(calls ${r.toolCalls.map((c) => `${clip(c.name, NAME_MAX_CHARS)}(${c.arguments.slice(0, 200)})`).join(', ')})`;
  }
  // A line break inside a message is followed by an indent: only a message's own line starts with "[date] WHO:".
  text = clip(text.replace(/\r\n|\r|\n/g, '\n  '), TRANSCRIPT_MESSAGE_MAX_CHARS);
  const who = r.role === 'tool' ? `TOOL ${clip(r.name ?? '', NAME_MAX_CHARS)}`.trim() : r.role.toUpperCase();
  return `[${when}] ${who}: ${text}`;
}

/** Messages as a plain transcript for the summariser. */
export function transcriptOf(rows: readonly StoredMessage[], timeZone: string): string {
  return rows.map((r) => transcriptLine(r, timeZone)).join('\n');
}

/**
 * Where a part that could take `n` rows ends: before a question when there is one after its first row, else before a
 * row that is no tool result, so a part never ends between a tool call and its results (the next part, and the history
 * kept when consolidation stops there, starts cleanly). When the first call and its results alone are more than the
 * budget, the part is that whole unit (its lines are cut to fit).
 */
function partEnd(rows: readonly StoredMessage[], n: number): number {
  if (n >= rows.length) return rows.length;
  let end = n;
  while (end > 0 && rows[end]!.role !== 'user') end--;
  if (end > 0) return end;
  end = n;
  while (end > 0 && rows[end]!.role === 'tool') end--;
  if (end > 0) return end;
  end = Math.max(n, 1);
  while (end < rows.length && rows[end]!.role === 'tool') end++;
  return end;
}

/** The lines joined, every line cut shorter (alike) while the text is over the budget. */
function fitLines(lines: readonly string[], budgetTokens: number): string {
  let text = lines.join('\n');
  for (let max = TRANSCRIPT_MESSAGE_MAX_CHARS; countOrBound(text) > budgetTokens && max > LINE_MIN_CHARS; ) {
    max = Math.max(LINE_MIN_CHARS, Math.floor(max * 0.7));
    text = lines.map((line) => clip(line, max)).join('\n');
  }
  return text;
}

/** One summariser request's part of the oldest rows: how many it takes and their transcript. */
export interface ExcerptPart {
  taken: number;
  text: string;
}

/**
 * The part of the oldest `rows` one summariser request takes: as many whole lines as fit `budgetTokens` (exactly
 * when the tokenizer is loaded, else by their byte bound: smaller parts, no tokenizer in a long-running daemon), ending where partEnd says, at least one message; a part whose lines are still over
 * the budget has them cut. A backlog far past the window is summarised a part per request, each one the model can
 * take, instead of one request larger than its window that fails every time.
 */
export function summariserExcerpt(rows: readonly StoredMessage[], budgetTokens: number, timeZone: string): ExcerptPart {
  const lines: string[] = [];
  let used = 0;
  while (lines.length < rows.length) {
    const line = transcriptLine(rows[lines.length]!, timeZone);
    used += countOrBound(line) + 1;
    if (lines.length > 0 && used > budgetTokens) break;
    lines.push(line);
  }
  const taken = partEnd(rows, lines.length);
  while (lines.length < taken) lines.push(transcriptLine(rows[lines.length]!, timeZone));
  lines.length = taken;
  return { taken, text: fitLines(lines, budgetTokens) };
}

/** The parts of `rows` (all of them, or the oldest that `maxParts` requests take), each `budgetTokens` at most. */
export function planParts(rows: readonly StoredMessage[], budgetTokens: number, timeZone: string, maxParts: number): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  for (let done = 0; done < rows.length && parts.length < maxParts; ) {
    const part = summariserExcerpt(rows.slice(done), budgetTokens, timeZone);
    parts.push(part);
    done += part.taken;
  }
  return parts;
}
