// The model-facing refusals of the approval gate: denied, read-only mode, and nobody there to answer.
import type { ApprovalCategory } from '../../../../src-preload/contract/event-schemas';

/**
 * Model-facing text for a denial. Exact wording: `Error: the user denied <tool>`; with the user's note, it follows
 * marked as their own words (quoted, on its own lines), so the model takes it as what the user said, not as tool output.
 */
export function deniedError(toolName: string, note?: string): string {
  const said = note?.trim();
  if (!said) return `Error: the user denied ${toolName}`;
  const quoted = said.split(/\r?\n/).map((line) => `> ${line}`).join('\n');
  return `Error: the user denied ${toolName}, and wrote why (the user's own words):\n${quoted}`;
}

/** Model-facing text when nobody answered the approval in time (not a denial: nobody said no). */
export function expiredError(toolName: string): string {
  return `Error: ${toolName} was not run: nobody answered its approval request in time. Ask the user before trying again.`;
}

/** Model-facing text when the turn was stopped (Stop, quit) while the approval waited. */
export function stoppedError(toolName: string): string {
  return `Error: ${toolName} was not run: the turn was stopped while its approval request was waiting.`;
}

/** `tools.approval.mode = "readonly"` refuses everything but reads (and hosts the user allowed). */
export function readonlyError(toolName: string, category: ApprovalCategory): string {
  return (
    `Error: ${toolName} is not allowed: approvals are in read-only mode (tools.approval.mode = "readonly"), ` +
    `so ${category} tools are refused. Tell the user what you wanted to do; they can change the mode in settings.`
  );
}

const NOBODY_THERE = 'nobody can answer in this non-interactive run (heartbeat, cron, subagent or a CLI without a terminal)';

/**
 * A call that needs a "yes" where nobody can give one; `host` is set for network calls, `whyNotCovered` for a
 * command (the sentence saying why no rule covers it).
 */
export function nonInteractiveError(toolName: string, host?: string, whyNotCovered?: string): string {
  if (host !== undefined) {
    return (
      `Error: ${toolName} to ${host} needs the user's approval, but ${NOBODY_THERE}, so nothing was sent. ` +
      `To allow this host, the user can choose "Always allow this host" on a ${toolName} approval, add ${host} under ` +
      `Settings → Safety → Allowed hosts, or send the command /approve host ${host} (in the chat, or ` +
      `nanotray agent -m "/approve host ${host}"); the CLI's --allow-host ${host} or tools.approval.mode "auto" allow it ` +
      'too (--yes approves no host). ' +
      'Do not try to reach it another way.'
    );
  }
  return (
    `Error: ${toolName} needs the user's approval, but ${NOBODY_THERE}, so it was not run. ` +
    (whyNotCovered ? `No rule covers it: ${whyNotCovered} ` : '') +
    'To allow it, the user can ' +
    'add an "always allow" rule for it in settings, run the CLI with --yes, or set tools.approval.mode to "auto".'
  );
}

/** What the model is told when its memory change was kept for review instead of written (`id` undefined: no change). */
export function deferredMemoryText(path: string, id: number | undefined): string {
  if (id === undefined) return `${path} already has exactly this text; nothing was changed.`;
  return (
    `The change to ${path} was NOT applied. ${path} is part of your system prompt, and nobody can review changes to ` +
    `it in this run, so it waits for the user as pending memory change #${id}. It takes effect only if the user ` +
    'accepts it. Do not try to make the change another way; mention it in your answer if it matters.'
  );
}
