// One zod schema per IPC message: the invoke map (input + output per channel), the push events, and
// IpcResult. Main validates renderer input with these; everyone else uses the inferred types.
import { z } from 'zod';
import { EVENTS, INVOKE, type EventChannel, type InvokeChannel } from './channels';
import { emptyInputSchema } from './common-schemas';
import * as chat from './chat-schemas';
import * as approvals from './approval-schemas';
import * as memory from './memory-schemas';
import * as runtime from './runtime-schemas';
import * as sched from './scheduler-schemas';
import * as settings from './settings-schemas';
import * as app from './app-schemas';
import { coreEventSchema, navigateEventSchema } from './event-schemas';

export const ipcErrorCodeSchema = z.enum(['invalid_input', 'not_found', 'forbidden', 'conflict', 'unavailable', 'internal']);
export const ipcErrorSchema = z.object({ code: ipcErrorCodeSchema, message: z.string() });
export type IpcErrorCode = z.output<typeof ipcErrorCodeSchema>;
export type IpcError = z.output<typeof ipcErrorSchema>;
/** Every invoke returns this; nothing is ever thrown across the boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Builds the zod schema of `IpcResult<T>` for a value schema (tests, the web bridge). */
export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ipcErrorSchema })]);
}

export const invokeSchemas = {
  [INVOKE.chatSend]: { input: chat.chatSendInput, output: chat.chatSendOutput },
  [INVOKE.chatCancel]: { input: chat.chatCancelInput, output: chat.chatCancelOutput },
  [INVOKE.chatListSessions]: { input: chat.chatListSessionsInput, output: chat.chatListSessionsOutput },
  [INVOKE.chatHistory]: { input: chat.chatHistoryInput, output: chat.chatHistoryOutput },
  [INVOKE.chatSearch]: { input: chat.chatSearchInput, output: chat.chatSearchOutput },
  [INVOKE.chatNewSession]: { input: chat.chatNewSessionInput, output: chat.chatNewSessionOutput },
  [INVOKE.chatRenameSession]: { input: chat.chatRenameSessionInput, output: chat.chatRenameSessionOutput },
  [INVOKE.chatDeleteSession]: { input: chat.chatDeleteSessionInput, output: chat.chatDeleteSessionOutput },
  [INVOKE.chatExportMarkdown]: { input: chat.chatExportMarkdownInput, output: chat.chatExportMarkdownOutput },

  [INVOKE.approvalsResolve]: { input: approvals.approvalsResolveInput, output: approvals.approvalsResolveOutput },
  [INVOKE.approvalsPending]: { input: emptyInputSchema, output: approvals.approvalsPendingOutput },
  [INVOKE.approvalsListRules]: { input: emptyInputSchema, output: approvals.approvalsListRulesOutput },
  [INVOKE.approvalsRevokeRule]: { input: approvals.approvalsRevokeRuleInput, output: approvals.approvalsRevokeRuleOutput },
  [INVOKE.approvalsAllowHost]: { input: approvals.approvalsAllowHostInput, output: approvals.approvalsAllowHostOutput },

  [INVOKE.memoryListFiles]: { input: emptyInputSchema, output: memory.memoryListFilesOutput },
  [INVOKE.memoryRead]: { input: memory.memoryReadInput, output: memory.memoryReadOutput },
  [INVOKE.memoryWrite]: { input: memory.memoryWriteInput, output: memory.memoryWriteOutput },
  [INVOKE.memoryVersions]: { input: memory.memoryVersionsInput, output: memory.memoryVersionsOutput },
  [INVOKE.memoryReadVersion]: { input: memory.memoryReadVersionInput, output: memory.memoryReadVersionOutput },
  [INVOKE.memoryPendingList]: { input: emptyInputSchema, output: memory.memoryPendingListOutput },
  [INVOKE.memoryPendingAccept]: { input: memory.memoryPendingAcceptInput, output: memory.memoryPendingAcceptOutput },
  [INVOKE.memoryPendingReject]: { input: memory.memoryPendingRejectInput, output: memory.memoryPendingRejectOutput },
  [INVOKE.memoryRevert]: { input: memory.memoryRevertInput, output: memory.memoryRevertOutput },

  [INVOKE.runtimeOverview]: { input: runtime.runtimeOverviewInput, output: runtime.runtimeOverviewOutput },
  [INVOKE.runtimeCheck]: { input: runtime.runtimeCheckInput, output: runtime.runtimeCheckOutput },
  [INVOKE.runtimeSet]: { input: runtime.runtimeSetInput, output: runtime.runtimeSetOutput },
  [INVOKE.runtimePresets]: { input: runtime.runtimePresetsInput, output: runtime.runtimePresetsOutput },
  [INVOKE.runtimeAudit]: { input: runtime.runtimeAuditInput, output: runtime.runtimeAuditOutput },
  [INVOKE.runtimeCancelSubagent]: { input: runtime.runtimeCancelSubagentInput, output: runtime.runtimeCancelSubagentOutput },

  [INVOKE.heartbeatStatus]: { input: emptyInputSchema, output: sched.heartbeatStatusOutput },
  [INVOKE.heartbeatPause]: { input: emptyInputSchema, output: sched.heartbeatStatusOutput },
  [INVOKE.heartbeatResume]: { input: emptyInputSchema, output: sched.heartbeatStatusOutput },
  [INVOKE.heartbeatRunNow]: { input: emptyInputSchema, output: sched.heartbeatRunNowOutput },

  [INVOKE.cronList]: { input: emptyInputSchema, output: sched.cronListOutput },
  [INVOKE.cronAdd]: { input: sched.cronAddInput, output: sched.cronAddOutput },
  [INVOKE.cronRemove]: { input: sched.cronRemoveInput, output: sched.cronRemoveOutput },
  [INVOKE.cronSetEnabled]: { input: sched.cronSetEnabledInput, output: sched.cronSetEnabledOutput },
  [INVOKE.cronRunNow]: { input: sched.cronRunNowInput, output: sched.cronRunNowOutput },

  [INVOKE.settingsGet]: { input: emptyInputSchema, output: settings.settingsGetOutput },
  [INVOKE.settingsUpdate]: { input: settings.settingsUpdateInput, output: settings.settingsUpdateOutput },
  [INVOKE.settingsTestProvider]: { input: settings.settingsTestProviderInput, output: settings.settingsTestProviderOutput },

  [INVOKE.mcpStatus]: { input: emptyInputSchema, output: app.mcpStatusOutput },

  [INVOKE.commandsList]: { input: emptyInputSchema, output: app.commandsListOutput },
  [INVOKE.commandsRun]: { input: app.commandsRunInput, output: app.commandsRunOutput },
  [INVOKE.commandsComplete]: { input: app.commandsCompleteInput, output: app.commandsCompleteOutput },

  [INVOKE.appInfo]: { input: emptyInputSchema, output: app.appInfoOutput },
  [INVOKE.appOpenExternal]: { input: app.appOpenExternalInput, output: app.appOpenExternalOutput },
  [INVOKE.appShowMainWindow]: { input: app.appShowMainWindowInput, output: app.appShowMainWindowOutput },
  [INVOKE.appHideQuickAsk]: { input: emptyInputSchema, output: app.appHideQuickAskOutput },
} satisfies Record<InvokeChannel, { input: z.ZodType; output: z.ZodType }>; // a channel without a schema fails to compile

export const eventSchemas = {
  [EVENTS.coreEvent]: coreEventSchema,
  [EVENTS.navigate]: navigateEventSchema,
} satisfies Record<EventChannel, z.ZodType>;

/** What the renderer passes in. */
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeSchemas)[C]['input']>;
/** What a main-side handler receives, after parsing (defaults applied). */
export type InvokeArgs<C extends InvokeChannel> = z.output<(typeof invokeSchemas)[C]['input']>;
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof invokeSchemas)[C]['output']>;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventSchemas)[C]>;

/**
 * The one implementation main provides (Electron IPC and the browser host share it). A missing handler or
 * a wrong return type fails to compile.
 */
export type InvokeHandlers = {
  [C in InvokeChannel]: (args: InvokeArgs<C>) => Promise<IpcResult<InvokeOutput<C>>>;
};

export * from './common-schemas';
export * from './event-schemas';
export * from './chat-schemas';
export * from './approval-schemas';
export * from './memory-schemas';
export * from './runtime-schemas';
export * from './scheduler-schemas';
export * from './settings-schemas';
export * from './app-schemas';
export { LIMITS } from './limits';
