// Everything the core tells the outside world (the `core:event` push channel): agent progress, approvals,
// notifications, state changes. The one definition: the core's CoreEvent is z.output of this schema.
import { z } from 'zod';
import { notifyTextSchema } from './desktop-text-schema';
import { push } from './channel-spec';
import { NEVER_COVERED_CODES, RULE_MISSING_CODES } from './uncovered-codes';
import { providerErrorKindSchema, toolErrorCodeSchema, toolStatusSchema, turnErrorKindSchema } from './error-schemas';
import { elicitationActionSchema, elicitationRequestSchema } from './elicitation-schemas';

export const tokenUsageSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});

/** Tokens and, when every model involved has a price in config.json (`prices`), what they cost in US dollars. */
export const usageCostSchema = tokenUsageSchema.extend({ cost: z.number().optional() });

export const stopReasonSchema = z.enum(['completed', 'max_iterations', 'cancelled', 'error']);
/**
 * What a tool call may do, for the approval gate: `read` runs; `write` changes files; `command` runs programs
 * (exec, untrusted MCP tools); `network` sends a request to a host (web_fetch); `memory` changes a file that
 * forms the system prompt (AGENTS.md, memory/MEMORY.md, …).
 */
export const approvalCategorySchema = z.enum(['read', 'write', 'command', 'network', 'memory']);
export const approvalDecisionSchema = z.enum(['allow_once', 'allow_always', 'deny']);
/** How a waiting approval ended: someone answered it, nobody did in time, or its turn was stopped (Stop, quit). */
export const approvalEndSchema = z.enum(['answered', 'expired', 'stopped']);
export const notificationKindSchema = z.enum(['heartbeat', 'cron', 'message', 'subagent', 'error', 'info']);

/** Why an exec command is not covered by a rule (the codes of core/tools/shell-grammar/uncovered.ts). */
export const uncoveredCodeSchema = z.enum([...NEVER_COVERED_CODES, ...RULE_MISSING_CODES]);

/** Whether exec runs inside the OS sandbox. */
export const sandboxStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('on'), kind: z.enum(['bubblewrap', 'seatbelt']), network: z.enum(['filtered', 'unfiltered', 'off', 'unavailable']) }),
  z.object({ status: z.literal('off') }),
  z.object({
    status: z.literal('unavailable'),
    reason: z.enum(['unsupported_platform', 'not_installed', 'probe_failed']),
    detail: z.string(),
    enforced: z.boolean(),
  }),
]);

/** An approval waiting for the user (also returned by `approvals:pending`). */
export const approvalRequestSchema = z.object({
  id: z.string(),
  sessionKey: z.string(),
  turnId: z.string(),
  /** The tool call it is about (with `turnId`, its card in the chat). */
  callId: z.string().optional(),
  tool: z.string(),
  category: approvalCategorySchema,
  /** The full arguments, pretty JSON. */
  args: z.string(),
  /** For exec: where the command will run. */
  workingDir: z.string().optional(),
  /**
   * For network calls: the full URL, the host (with a non-default port) an "always" rule would allow, and how an
   * internationalised (punycode) host reads to a person, so a lookalike stands out.
   */
  egress: z.object({ url: z.string(), host: z.string(), unicodeHost: z.string().optional() }).optional(),
  /** For memory changes: the prompt file written (workspace-relative), its text now and after the change. */
  memory: z.object({ path: z.string(), before: z.string(), after: z.string() }).optional(),
  /** What "always allow" would remember (tool name, command prefixes, the exact command or host); absent when not offered. */
  alwaysLabel: z.string().optional(),
  /** For exec: why no rule covers the command (`code` for programs, `message` for people). */
  notCovered: z.object({ code: uncoveredCodeSchema, message: z.string(), /** What it is about (worded per language). */ detail: z.string().optional() }).optional(),
  /** For exec: whether the command runs inside the OS sandbox (mirror of core/tools/os-sandbox/sandbox-state.ts). */
  sandbox: sandboxStateSchema.optional(),
  expiresAt: z.number(),
});

export const coreEventSchema = z.discriminatedUnion('type', [
  /** `model`: who answers first (`preset (model)`, or the model alone); a failover says who takes over. */
  z.object({ type: z.literal('turn.started'), sessionKey: z.string(), turnId: z.string(), at: z.number(), model: z.string().optional() }),
  /** The turn waits for a turn of the same session running in another process (pid when known). */
  z.object({ type: z.literal('turn.waiting'), sessionKey: z.string(), turnId: z.string(), holderPid: z.number().int().optional() }),
  z.object({ type: z.literal('token'), sessionKey: z.string(), turnId: z.string(), text: z.string() }),
  /**
   * Before the model answers, older messages of the session are summarised into memory (the chat went past
   * agent.maxHistoryMessages or the window): one or more summariser requests, seconds each. `started` says how many
   * messages this turn summarises; `finished` how many it did (fewer when a request failed or the turn was stopped).
   */
  z.object({ type: z.literal('turn.summarising'), sessionKey: z.string(), turnId: z.string(), phase: z.enum(['started', 'finished']), messages: z.number() }),
  z.object({
    type: z.literal('tool.started'),
    sessionKey: z.string(),
    turnId: z.string(),
    callId: z.string(),
    name: z.string(),
    args: z.string(),
    at: z.number(),
  }),
  z.object({
    type: z.literal('tool.finished'),
    sessionKey: z.string(),
    turnId: z.string(),
    callId: z.string(),
    name: z.string(),
    ok: z.boolean(),
    /** `denied` when the user said no; `error` for every other failure. */
    status: toolStatusSchema,
    /** Why it failed, for programs (the result text says it for people and the model). */
    errorCode: toolErrorCodeSchema.optional(),
    /** What the model received (possibly cut). */
    result: z.string(),
    durationMs: z.number(),
  }),
  /** A running tool reported progress (MCP progress notifications): `total` when the server knows it. */
  z.object({
    type: z.literal('tool.progress'),
    sessionKey: z.string(),
    turnId: z.string(),
    callId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    /** The server's own words (one line, cleaned). */
    message: z.string().optional(),
  }),
  approvalRequestSchema.extend({ type: z.literal('approval.requested') }),
  z.object({
    type: z.literal('approval.resolved'),
    id: z.string(),
    sessionKey: z.string(),
    decision: approvalDecisionSchema,
    /** Why it ended ('answered' when absent); an expired or stopped approval is a 'deny' nobody chose. */
    ended: approvalEndSchema.optional(),
  }),
  /** An MCP server asks the user for input (a form, or a page to open): shown until `elicitation.resolved`. */
  elicitationRequestSchema.extend({ type: z.literal('elicitation.requested') }),
  z.object({
    type: z.literal('elicitation.resolved'),
    id: z.string(),
    sessionKey: z.string(),
    action: elicitationActionSchema,
  }),
  z.object({
    type: z.literal('usage'),
    sessionKey: z.string(),
    turnId: z.string(),
    usage: tokenUsageSchema,
    model: z.string(),
  }),
  /** The model's reasoning as it streams: shown apart from the answer (the "Thinking" block), never as it. */
  z.object({ type: z.literal('reasoning'), sessionKey: z.string(), turnId: z.string(), text: z.string() }),
  /** A model call failed and is tried again at `retryAt` (epoch ms): the countdown in the window and the CLI. */
  z.object({
    type: z.literal('provider.retry'),
    sessionKey: z.string(),
    turnId: z.string(),
    attempt: z.number(),
    waitMs: z.number(),
    retryAt: z.number(),
    /** The failure that is retried: for people, and its kind for programs. */
    message: z.string(),
    errorKind: providerErrorKindSchema,
  }),
  /** The provider changed the request to make it work (`tools_dropped`: the model answers without tools). Said once. */
  z.object({
    type: z.literal('provider.notice'),
    sessionKey: z.string(),
    turnId: z.string(),
    code: z.enum(['tools_dropped']),
    message: z.string(),
  }),
  /**
   * The turn's model failed after its retries and the next of `agent.fallbackModels` takes over: "answered by
   * `to` — `from` failed: `reason`". Models are named as `preset (model)`.
   */
  z.object({
    type: z.literal('provider.failover'),
    sessionKey: z.string(),
    turnId: z.string(),
    from: z.string(),
    to: z.string(),
    reason: z.string(),
  }),
  z.object({
    type: z.literal('turn.finished'),
    sessionKey: z.string(),
    turnId: z.string(),
    stopReason: stopReasonSchema,
    /** The final answer text (empty when none). */
    text: z.string(),
    /** Why it failed, for people; `errorKind` says it for programs (both or neither). */
    error: z.string().optional(),
    errorKind: turnErrorKindSchema.optional(),
    usage: tokenUsageSchema,
  }),
  /** A message added to a session outside a streamed turn (message tool, heartbeat, cron, subagent). */
  z.object({
    type: z.literal('session.message'),
    sessionKey: z.string(),
    role: z.enum(['assistant', 'system']),
    content: z.string(),
    at: z.number(),
  }),
  z.object({
    type: z.literal('session.changed'),
    sessionKey: z.string(),
    change: z.enum(['created', 'updated', 'deleted']),
  }),
  z.object({
    type: z.literal('notify'),
    /** In English (the CLI prints it); `text` says how to word Nanotray's own parts in the user's language. */
    title: z.string(),
    body: z.string(),
    sessionKey: z.string(),
    kind: notificationKindSchema,
    text: notifyTextSchema.optional(),
  }),
  z.object({ type: z.literal('heartbeat.changed') }),
  z.object({ type: z.literal('cron.changed') }),
  z.object({ type: z.literal('mcp.changed') }),
  z.object({ type: z.literal('subagents.changed'), sessionKey: z.string() }),
  z.object({
    type: z.literal('memory.changed'),
    path: z.string(),
    author: z.enum(['user', 'agent', 'external']),
  }),
  /** A pending memory change was proposed, updated, accepted or rejected (the review list changed). */
  z.object({
    type: z.literal('memory.pending'),
    id: z.number(),
    path: z.string(),
    change: z.enum(['added', 'updated', 'accepted', 'rejected']),
  }),
  /**
   * The agent (a tool or consolidation) changed a prompt file without a review (auto mode, --yes, or a yes on its
   * card): the "memory updated" notice. `versionId` is the stored text from before, for one-click revert.
   */
  z.object({
    type: z.literal('memory.updated'),
    path: z.string(),
    source: z.enum(['agent', 'consolidation']),
    /** The session whose consolidation wrote it (not named `sessionKey`: this is no session event). */
    fromSession: z.string().optional(),
    versionId: z.number().optional(),
  }),
  z.object({ type: z.literal('config.changed') }),
]);

/** Views the main window can show. */
export const viewSchema = z.enum(['chat', 'memory', 'runtime', 'settings']);

/** `app:navigate`: show a view (and a session) — notification clicks, quick ask "open in window". */
export const navigateEventSchema = z.object({
  view: viewSchema,
  sessionKey: z.string().optional(),
});

/** One event of the core (the schema above is its only definition). */
export type CoreEvent = z.output<typeof coreEventSchema>;
export type CoreEventType = CoreEvent['type'];
export type StopReason = z.output<typeof stopReasonSchema>;
export type ApprovalCategory = z.output<typeof approvalCategorySchema>;
export type ApprovalDecision = z.output<typeof approvalDecisionSchema>;
export type ApprovalEnd = z.output<typeof approvalEndSchema>;
export type NotificationKind = z.output<typeof notificationKindSchema>;
export type ApprovalRequest = z.output<typeof approvalRequestSchema>;
export type NavigateEvent = z.output<typeof navigateEventSchema>;
export type View = z.output<typeof viewSchema>;

/** The push subscriptions of `window.nanotray` and their channels (main → renderer). */
export const pushChannels = {
  /** Every CoreEvent (tokens, tool cards, approvals, notify, state changes). */
  onCoreEvent: push('core:event', coreEventSchema),
  /** Main asks the window to show a view (notification click, tray, quick ask). */
  onNavigate: push('app:navigate', navigateEventSchema),
};
