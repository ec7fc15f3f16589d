// What of a tool call the model, the store, the events and the CLI may see: arguments and results with
// every configured secret scrubbed (in all its encodings), images that carry one dropped, then cut to size.
import { containsSecret, scrubSecrets } from '../lib/known-secrets';
import type { ImageAttachment, ToolResult } from '../tools/tool';
import type { ToolErrorCode } from '../lib/tool-error';
import type { ToolEventStatus } from '../store/tool-events.repo';
import type { ToolCall } from '../model/chat-message';

/** The model-facing refusal for a call whose arguments carry a secret (it could only be exfiltration). */
export function secretInArgumentsError(tool: string): string {
  return (
    `Error: the arguments of ${tool} contain a configured secret (an API key, token or password from ` +
    "Nanotray's settings), so the call was not run. Tool calls may not carry secrets; leave it out."
  );
}

/** Cuts a tool result to `max` characters and says how much was dropped. */
export function truncateToolResult(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n... (${text.length - max} more characters truncated)`;
}

export interface CleanToolResult {
  ok: boolean;
  /** Scrubbed, then truncated: the same text goes to the model, the messages and tool_events rows and the event. */
  content: string;
  images: ImageAttachment[];
}

/**
 * Scrubs before truncating, so a secret is never cut in half at the limit and half of it kept. An image
 * whose data holds a secret's base64 is not an image worth keeping: it is dropped with a note.
 */
export function cleanToolResult(result: ToolResult, maxChars: number): CleanToolResult {
  const raw = result.ok ? result.output : result.error.message;
  let text = scrubSecrets(raw);
  const images = result.ok ? (result.images ?? []) : [];
  const kept = images.filter((img) => !containsSecret(img.data));
  if (kept.length < images.length) text += `\n(${images.length - kept.length} image(s) removed: they contained a configured secret.)`;
  return { ok: result.ok, content: truncateToolResult(text, maxChars), images: kept };
}

/** Tool calls as they may be stored and sent back to the model: arguments scrubbed. */
export function scrubToolCalls(calls: ToolCall[]): ToolCall[] {
  return calls.map((c) => (containsSecret(c.arguments) ? { ...c, arguments: scrubSecrets(c.arguments) } : c));
}

/** The tool_events status of a result: the user's "no" counts as denied, every other failure as an error. */
export function statusOf(result: ToolResult): ToolEventStatus {
  if (result.ok) return 'ok';
  return result.error.code === 'denied' ? 'denied' : 'error';
}

/** What a finished call reports in `tool.finished` besides its text: the status, and the error code when it failed. */
export function outcomeOf(result: ToolResult): { ok: boolean; status: ToolEventStatus; errorCode?: ToolErrorCode } {
  return result.ok ? { ok: true, status: 'ok' } : { ok: false, status: statusOf(result), errorCode: result.error.code };
}
