// Approvals domain: answer a waiting approval, list pending ones, the remembered "always allow" rules.
import { z } from 'zod';
import { LIMITS } from './limits';
import { approvalDecisionSchema, approvalRequestSchema } from './event-schemas';
import { invoke } from './channel-spec';
import { emptyInputSchema } from './common-schemas';

export const approvalsResolveInput = z.strictObject({
  id: z.string().min(1).max(LIMITS.nameChars),
  decision: approvalDecisionSchema,
  /** With a denial: why, in the user's words; the model reads it in the refused call's result. */
  note: z.string().max(LIMITS.approvalNoteChars).optional(),
});
export const approvalsResolveOutput = z.object({ resolved: z.boolean() });

export const approvalsPendingOutput = z.object({ pending: z.array(approvalRequestSchema) });

export const approvalRuleSchema = z.object({
  id: z.number(),
  tool: z.string(),
  /**
   * `tool`: every call of the tool; `prefix`: exec commands whose programs start with `pattern`; `exact`: the exec
   * command `pattern` exactly; `server`: an MCP server; `mcp_tool`: the tool `tool` (its own name) of the MCP server
   * `pattern` (its configured name); `host`: web_fetch requests to the host `pattern`.
   */
  kind: z.enum(['tool', 'prefix', 'exact', 'server', 'host', 'mcp_tool']),
  pattern: z.string(),
  /** For exec rules: the folder the rule was given in (it covers commands run there only). */
  cwd: z.string(),
  createdAt: z.number(),
});
export const approvalsListRulesOutput = z.object({ rules: z.array(approvalRuleSchema) });

export const approvalsRevokeRuleInput = z.strictObject({ id: z.number().int().positive() });
export const approvalsRevokeRuleOutput = z.object({ revoked: z.boolean() });

/** A permanent host rule for web_fetch: a host name or URL, stored in its canonical form (see the returned rule). */
export const approvalsAllowHostInput = z.strictObject({ host: z.string().min(1).max(LIMITS.nameChars) });
export const approvalsAllowHostOutput = z.object({ rule: approvalRuleSchema });

export type ApprovalRule = z.output<typeof approvalRuleSchema>;

/** `window.nanotray.approvals.<method>`: each method's channel with its input and output schema. */
export const approvalsChannels = {
  resolve: invoke('approvals:resolve', approvalsResolveInput, approvalsResolveOutput),
  pending: invoke('approvals:pending', emptyInputSchema, approvalsPendingOutput),
  listRules: invoke('approvals:list-rules', emptyInputSchema, approvalsListRulesOutput),
  revokeRule: invoke('approvals:revoke-rule', approvalsRevokeRuleInput, approvalsRevokeRuleOutput),
  /** Always let web_fetch reach a host (Settings → Allowed hosts). */
  allowHost: invoke('approvals:allow-host', approvalsAllowHostInput, approvalsAllowHostOutput),
};
