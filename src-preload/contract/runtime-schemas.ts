// Runtime panel domain: the same policy object as the `my` tool (overview, check, set, presets, audit), and the
// egress ledger's day (network).
import { z } from 'zod';
import { LIMITS } from './limits';
import { emptyInputSchema, jsonValueSchema, nameSchema, sessionKeySchema } from './common-schemas';
import { sandboxStateSchema, usageCostSchema } from './event-schemas';
import { invoke } from './channel-spec';
import { runtimeNetworkOutput } from './network-schemas';
import { modelChoiceSchema } from './model-schemas';

/** One runtime key as the policy describes it. */
export const runtimeEntrySchema = z.object({
  key: z.string(),
  value: jsonValueSchema.optional(),
  /** `settable`: may be changed now; `read_only`: never; `blocked`/`sensitive`: not even shown in full. */
  access: z.enum(['settable', 'read_only', 'blocked', 'sensitive']),
  description: z.string().optional(),
  /** The value as the policy prints it (what the `my` tool shows the model). */
  display: z.string().optional(),
});

export const runtimeOverviewInput = z.strictObject({ sessionKey: sessionKeySchema.optional() }).optional();
export const runtimeOverviewOutput = z.object({
  entries: z.array(runtimeEntrySchema),
  /** `tools.my.allowSet`: when false, every set is refused. */
  allowSet: z.boolean(),
  /** The policy's own summary text (what `my` shows the model). */
  summary: z.string().optional(),
  /**
   * Tokens used today (local day) by every source: chat, heartbeat, cron, subagents, consolidation; `byModel` the
   * same per model, most tokens first (what each model of a failover cost).
   */
  usageToday: z
    .object({
      promptTokens: z.number(),
      completionTokens: z.number(),
      totalTokens: z.number(),
      byModel: z.array(z.object({ model: z.string(), promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() })).optional(),
      /** US dollars, when every model used today has a price in config.json. */
      cost: z.number().optional(),
    })
    .optional(),
  /** The session's tokens (all its turns) and, when priced, their cost. */
  sessionUsage: usageCostSchema.optional(),
  /** Whether exec runs inside the OS sandbox on this machine (tools.exec.sandbox and the probe's answer). */
  sandbox: sandboxStateSchema.optional(),
});

export const runtimeCheckInput = z.strictObject({ key: nameSchema, sessionKey: sessionKeySchema.optional() });
export const runtimeCheckOutput = z.object({
  key: z.string(),
  value: jsonValueSchema.optional(),
  /** The policy's text for this key (same as the tool returns). */
  text: z.string(),
  /** The value as the policy prints it (for `scratchpad` and `subagents`: their whole listing). */
  display: z.string(),
});

export const runtimeSetInput = z.strictObject({
  key: nameSchema,
  value: jsonValueSchema,
  sessionKey: sessionKeySchema.optional(),
});
export const runtimeSetOutput = z.object({ key: z.string(), value: jsonValueSchema.optional(), text: z.string() });

export const presetSchema = z.object({
  name: z.string(),
  provider: z.string().optional(),
  model: z.string(),
  contextWindowTokens: z.number().optional(),
  maxTokens: z.number().optional(),
  temperature: z.number().optional(),
  vision: z.boolean().optional(),
});
export const runtimePresetsInput = z.strictObject({ sessionKey: sessionKeySchema.optional() }).optional();
export const runtimePresetsOutput = z.object({
  presets: z.array(presetSchema),
  /** The preset the session (or, without one, the instance) uses; the model's id when the chat picked a model itself. */
  active: z.string(),
  /** The model the chat picked itself, with no preset (then `active` names no preset). */
  chosen: modelChoiceSchema.optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  sessionKey: z.string().nullable(),
  source: z.enum(['tool', 'ui', 'cli']),
  key: z.string(),
  /** accepted: applied; blocked: an internal or sensitive name; read_only; rejected: an invalid value; disabled: allowSet off. */
  outcome: z.enum(['accepted', 'blocked', 'read_only', 'rejected', 'disabled']),
  detail: z.string(),
});
export const runtimeAuditInput = z.strictObject({ limit: z.number().int().min(1).max(LIMITS.listMax).optional() }).optional();
export const runtimeAuditOutput = z.object({ entries: z.array(auditEntrySchema) });

export const runtimeCancelSubagentInput = z.strictObject({ id: nameSchema });
/** `cancelled: false` when the task had already finished. */
export const runtimeCancelSubagentOutput = z.object({ cancelled: z.boolean() });

export type RuntimeEntry = z.output<typeof runtimeEntrySchema>;
/** Today's token usage as the runtime overview carries it. */
export type UsageToday = NonNullable<z.output<typeof runtimeOverviewOutput>['usageToday']>;
export type Preset = z.output<typeof presetSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** `window.nanotray.runtime.<method>`: each method's channel with its input and output schema. */
export const runtimeChannels = {
  overview: invoke('runtime:overview', runtimeOverviewInput, runtimeOverviewOutput),
  check: invoke('runtime:check', runtimeCheckInput, runtimeCheckOutput),
  /** Same policy as the `my` tool; audited with source `ui`. */
  set: invoke('runtime:set', runtimeSetInput, runtimeSetOutput),
  presets: invoke('runtime:presets', runtimePresetsInput, runtimePresetsOutput),
  audit: invoke('runtime:audit', runtimeAuditInput, runtimeAuditOutput),
  /** Stops a running subagent task. */
  cancelSubagent: invoke('runtime:cancel-subagent', runtimeCancelSubagentInput, runtimeCancelSubagentOutput),
  /** Today's connections by host from the egress ledger, with the host rules that allow each (the Network section). */
  network: invoke('runtime:network', emptyInputSchema, runtimeNetworkOutput),
};
