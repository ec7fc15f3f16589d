// The gate's rule for `memory` calls (changes to the files that form the system prompt): no "always" rule covers
// them; auto mode or --yes writes; in ask mode the user sees the diff; where nobody can answer it waits for review.
import type { ApprovalDecision } from '../../../../src-preload/contract/event-schemas';
import type { Result } from '../../lib/result';
import type { GateVerdict } from '../approval-gate';
import { type MemoryChange, type ToolContext } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';
import { deferredMemoryText, deniedError, nonInteractiveError, readonlyError } from './approval-messages';

/** Where a memory change goes when nobody can review it now (the workspace's MemoryReview). */
export interface MemoryProposals {
  /** Keeps the change pending; its id, undefined when the file already has that text, or why it cannot be kept. */
  propose(change: MemoryChange & { sessionKey: string; tool: string }): Result<number | undefined, ToolError>;
}

export interface MemoryVerdictInput {
  toolName: string;
  change: MemoryChange | undefined;
  ctx: ToolContext;
  /** --yes for this session. */
  autoApproved: boolean;
  proposals: MemoryProposals | undefined;
  /** Shows the card (no "always") and waits for the answer. */
  /** The user's answer, and with a denial their note for the model. */
  ask(): Promise<{ decision: ApprovalDecision; note?: string }>;
}

/** Decides a memory call; never throws. */
export async function memoryVerdict({ toolName, change, ctx, autoApproved, proposals, ask }: MemoryVerdictInput): Promise<GateVerdict> {
  if (!change) return { allowed: false, error: toolError('refused', `Error: ${toolName} was refused: its change to a prompt file could not be worked out.`) };
  const mode = ctx.config.tools.approval.mode;
  if (mode === 'readonly') return { allowed: false, error: toolError('refused', readonlyError(toolName, 'memory')) };
  if (mode === 'auto' || autoApproved) return { allowed: true };
  if (!ctx.interactive) {
    if (!proposals) return { allowed: false, error: toolError('needs_approval', nonInteractiveError(toolName)) };
    const kept = proposals.propose({ ...change, sessionKey: ctx.sessionKey, tool: toolName });
    if (!kept.ok) return { allowed: false, error: kept.error };
    return { allowed: false, deferred: deferredMemoryText(change.path, kept.value) };
  }
  const { decision, note } = await ask();
  return decision === 'deny' ? { allowed: false, error: toolError('denied', deniedError(toolName, note)) } : { allowed: true };
}
