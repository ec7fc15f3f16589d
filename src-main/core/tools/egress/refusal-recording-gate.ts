// The approval gate seen through the egress ledger: a call to a host the gate refuses (denied, nobody to ask,
// read-only mode) is recorded as a refused connection, with nothing sent. Allowed calls record themselves, with bytes.
import type { ApprovalGate } from '../approval-gate';
import type { Tool, ToolContext } from '../tool';
import type { EgressLedger, EgressSource } from './egress-record';
import { egressTarget } from './egress-target';

/**
 * Wraps `gate`: refusals of calls whose tool has a source (`sourceOf`) and a destination are recorded in `ledger`.
 * Never throws (the gate does not, and recording is guarded).
 */
export function recordingRefusals(gate: ApprovalGate, ledger: EgressLedger, sourceOf: (tool: Tool) => EgressSource | undefined): ApprovalGate {
  return {
    async check(tool: Tool, args: unknown, ctx: ToolContext) {
      const verdict = await gate.check(tool, args, ctx);
      if (verdict.allowed || !('error' in verdict) || verdict.egress === undefined) return verdict;
      const source = sourceOf(tool);
      if (!source) return verdict;
      try {
        // args were validated against tool.params by the registry before the gate is consulted.
        const egress = tool.approvalSubject?.(args as never, ctx).egress;
        if (egress) {
          ledger.record({ at: ctx.now(), sessionKey: ctx.sessionKey, ...egressTarget(new URL(egress.url)), bytesOut: 0, bytesIn: 0, source, verdict: verdict.egress });
        }
      } catch {
        // a destination that cannot be described was refused before anything was sent: nothing to record
      }
      return verdict;
    },
  };
}
