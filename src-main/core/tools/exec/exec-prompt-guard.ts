// exec and the files that steer the agent: whatever a command changed in them (the sandbox keeps the existing ones
// read-only; new files and unsandboxed runs are caught here) is undone and kept for the user's review.
import type { MemoryProposals } from '../approvals/memory-approval';
import type { ToolContext } from '../tool';
import { promptChanges, snapshotPrompt, undoPromptChange, type PromptChange, type PromptSnapshot } from './prompt-guard';

export { snapshotPrompt };

function settleOne(before: PromptSnapshot, change: PromptChange, ctx: ToolContext, proposals: MemoryProposals | undefined): string {
  const failed = undoPromptChange(ctx.workspace, before, change);
  if (failed) return `- ${change.path}: ${failed}`;
  if (change.after === undefined) return `- ${change.path}: the command removed it; it was put back`;
  const kept = proposals?.propose({ path: change.path, before: change.before ?? '', after: change.after, sessionKey: ctx.sessionKey, tool: 'exec' });
  if (kept?.ok && kept.value !== undefined) return `- ${change.path}: undone; the new text waits for the user as pending memory change #${kept.value}`;
  return `- ${change.path}: undone`;
}

/**
 * Compares the steering files with `before`, undoes every change and proposes each new text as a pending change.
 * Returns the note for the model ('' when nothing changed).
 */
export function settlePromptChanges(before: PromptSnapshot, ctx: ToolContext, proposals: MemoryProposals | undefined): string {
  const changes = promptChanges(before, snapshotPrompt(ctx.workspace));
  if (changes.length === 0) return '';
  return [
    '',
    '',
    'Note: this command changed files that are part of your system prompt (prompt files, memory, skills). Commands may ' +
      'not change them, so the changes were undone:',
    ...changes.map((change) => settleOne(before, change, ctx, proposals)),
    'To propose a change to one of these files, use write_file or edit_file: the user reviews it.',
  ].join('\n');
}
