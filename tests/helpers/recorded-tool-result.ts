// What the model was sent back for one of its tool calls, read from the scripted server's recorded requests.
import type { RecordedRequest } from './scripted-llm-server';

/** The content of the `tool` message answering call `id`, or a marker when no request carried one. */
export function recordedToolResult(requests: readonly RecordedRequest[], id: string): string {
  for (const r of requests) {
    const m = (r.body.messages as Array<{ role: string; tool_call_id?: string; content?: unknown }>).find((x) => x.role === 'tool' && x.tool_call_id === id);
    if (m) return String(m.content);
  }
  return '(no such tool result)';
}
