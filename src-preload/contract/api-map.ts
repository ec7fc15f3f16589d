// Which channel each `window.nanotray.<domain>.<method>` calls. Imports only channels.ts, so the sandboxed
// preload can bundle it; the web bridge uses the same table, so both transports expose the same API.
import { EVENTS, INVOKE } from './channels';

export const API_MAP = {
  chat: {
    send: INVOKE.chatSend,
    cancel: INVOKE.chatCancel,
    listSessions: INVOKE.chatListSessions,
    history: INVOKE.chatHistory,
    search: INVOKE.chatSearch,
    newSession: INVOKE.chatNewSession,
    renameSession: INVOKE.chatRenameSession,
    deleteSession: INVOKE.chatDeleteSession,
    exportMarkdown: INVOKE.chatExportMarkdown,
  },
  approvals: {
    resolve: INVOKE.approvalsResolve,
    pending: INVOKE.approvalsPending,
    listRules: INVOKE.approvalsListRules,
    revokeRule: INVOKE.approvalsRevokeRule,
    allowHost: INVOKE.approvalsAllowHost,
  },
  memory: {
    listFiles: INVOKE.memoryListFiles,
    read: INVOKE.memoryRead,
    write: INVOKE.memoryWrite,
    versions: INVOKE.memoryVersions,
    readVersion: INVOKE.memoryReadVersion,
    revert: INVOKE.memoryRevert,
    pendingList: INVOKE.memoryPendingList,
    pendingAccept: INVOKE.memoryPendingAccept,
    pendingReject: INVOKE.memoryPendingReject,
  },
  runtime: {
    overview: INVOKE.runtimeOverview,
    check: INVOKE.runtimeCheck,
    set: INVOKE.runtimeSet,
    presets: INVOKE.runtimePresets,
    audit: INVOKE.runtimeAudit,
    cancelSubagent: INVOKE.runtimeCancelSubagent,
  },
  heartbeat: {
    status: INVOKE.heartbeatStatus,
    pause: INVOKE.heartbeatPause,
    resume: INVOKE.heartbeatResume,
    runNow: INVOKE.heartbeatRunNow,
  },
  cron: {
    list: INVOKE.cronList,
    add: INVOKE.cronAdd,
    remove: INVOKE.cronRemove,
    setEnabled: INVOKE.cronSetEnabled,
    runNow: INVOKE.cronRunNow,
  },
  settings: { get: INVOKE.settingsGet, update: INVOKE.settingsUpdate, testProvider: INVOKE.settingsTestProvider },
  mcp: { status: INVOKE.mcpStatus },
  commands: { list: INVOKE.commandsList, run: INVOKE.commandsRun, complete: INVOKE.commandsComplete },
  app: {
    info: INVOKE.appInfo,
    openExternal: INVOKE.appOpenExternal,
    showMainWindow: INVOKE.appShowMainWindow,
    hideQuickAsk: INVOKE.appHideQuickAsk,
  },
} as const;

/** The push subscriptions of the API and their channels. */
export const API_EVENTS = {
  onCoreEvent: EVENTS.coreEvent,
  onNavigate: EVENTS.navigate,
} as const;
