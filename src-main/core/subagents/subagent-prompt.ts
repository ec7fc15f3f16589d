// The texts around a subagent: its extra system prompt, and the announcement its result makes in the origin.
import type { SubagentTask } from './subagent-task';
import { recordFromRun } from '../tools/untrusted';

/** Added to the subagent's system prompt. */
export function subagentSystemNote(task: SubagentTask): string {
  return [
    '# You are a subagent',
    `The main agent started you (id ${task.id}, label '${task.label}') to do one task in the background.`,
    '- Work on the task only; do not start unrelated work.',
    '- Nobody can answer questions or approval prompts while you run: actions that need approval are refused',
    '  unless the user has a rule for them. If something is refused, find another way or report it.',
    '- Your final answer is handed to the main agent, which tells the user: make it complete and self-contained',
    '  (what you did, what you found, file paths you wrote, anything left undone).',
  ].join('\n');
}

const RESULT_MAX_CHARS = 8_000;

/**
 * The system message placed in the origin session when the subagent ends. The result is the subagent's own text after
 * it read pages and files, so it comes framed as an untrusted record, quoted line by line: it lands in a system
 * message, and a hijacked subagent must not speak with the system prompt's voice.
 */
export function announcement(task: SubagentTask): string {
  const status =
    task.phase === 'error'
      ? `failed${task.error ? `: ${task.error}` : ''}`
      : task.stopReason === 'cancelled'
        ? 'was cancelled'
        : task.stopReason === 'max_iterations'
          ? 'stopped at the iteration limit'
          : 'finished';
  let result = (task.result ?? '').trim() || '(no answer)';
  if (result.length > RESULT_MAX_CHARS) result = `${result.slice(0, RESULT_MAX_CHARS)}\n[... cut: ${result.length - RESULT_MAX_CHARS} more characters]`;
  const record = recordFromRun(`subagent '${task.label}'`, result);
  return [`[Subagent '${task.label}' (id ${task.id}) ${status}]`, '', `Task: ${task.task}`, '', 'Result:', record].join('\n');
}

/** The instruction for the origin session's follow-up turn (not stored). */
export const SUMMARISE_FOR_USER =
  'A background subagent you started has reported back (see the system message above). Summarise its result for the user in a few sentences: what was done, the outcome, and anything they need to do. Do not mention internal ids.';
