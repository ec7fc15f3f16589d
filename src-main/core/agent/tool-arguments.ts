// Tool-call arguments as they may enter the history: strict servers (vLLM, Ollama's /v1) parse the arguments of
// every stored call and refuse the whole conversation over one that is not a JSON object, so such a call is
// stored and re-sent with `{}` and its result shows the model what it wrote.
import type { ToolCall } from '../model/chat-message';

/** A call ready for the history, and the raw text when its arguments were unusable (the call does not run). */
export interface CheckedCall {
  call: ToolCall;
  invalidArguments?: string;
}

const MAX_SHOWN = 2000;

/** Empty arguments mean "no arguments"; anything that is not one JSON object is replaced by `{}`. */
export function checkArguments(call: ToolCall): CheckedCall {
  const raw = call.arguments;
  if (raw.trim() === '') return { call: { ...call, arguments: '{}' } };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { call };
  } catch {
    // not JSON: replaced below
  }
  return { call: { ...call, arguments: '{}' }, invalidArguments: raw };
}

/** The tool result for a call whose arguments were not a JSON object. */
export function invalidArgumentsResult(tool: string, raw: string): string {
  const shown = raw.length > MAX_SHOWN ? `${raw.slice(0, MAX_SHOWN)}… (${raw.length - MAX_SHOWN} more characters)` : raw;
  return (
    `Error: the arguments of ${tool} were not a valid JSON object, so the call did not run (they are stored as {}). ` +
    `Call ${tool} again with its arguments as one JSON object. What you sent:\n${shown}`
  );
}
