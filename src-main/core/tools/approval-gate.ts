// The approval port the registry consults between validation and execution.
import type { Tool, ToolContext } from './tool';
import type { ToolError } from '../lib/tool-error';
import type { EgressVerdict } from './egress/egress-record';

/**
 * `allowed` runs the call; `error` refuses it; `deferred` does not run it but is no failure either (a memory
 * change kept for the user's review): the text tells the model what happened instead. `egress` says, for a call
 * that goes to a host, why it was let through or refused (what the egress ledger records).
 */
export type GateVerdict =
  | { allowed: true; egress?: EgressVerdict }
  | { allowed: false; error: ToolError; egress?: EgressVerdict }
  | { allowed: false; deferred: string };

export interface ApprovalGate {
  /** Decides (asking the user when needed) whether this call may run. Never throws. */
  check(tool: Tool, args: unknown, ctx: ToolContext): Promise<GateVerdict>;
}

/** Lets every call through: for tests and for `approval.mode = auto` hosts that want no gate at all. */
export const allowAllGate: ApprovalGate = {
  async check() {
    return { allowed: true };
  },
};
