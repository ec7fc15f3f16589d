// IPC channel names shared by main, preload, renderer and the browser host.
// No imports on purpose: this is the only contract file the sandboxed preload bundles.

/** Request/response channels (renderer → main), `domain:verb`. */
export const INVOKE = {
  chatSend: 'chat:send',
  chatCancel: 'chat:cancel',
  chatListSessions: 'chat:list-sessions',
  chatHistory: 'chat:history',
  chatSearch: 'chat:search',
  chatNewSession: 'chat:new-session',
  chatRenameSession: 'chat:rename-session',
  chatDeleteSession: 'chat:delete-session',
  chatExportMarkdown: 'chat:export-markdown',

  approvalsResolve: 'approvals:resolve',
  approvalsPending: 'approvals:pending',
  approvalsListRules: 'approvals:list-rules',
  approvalsRevokeRule: 'approvals:revoke-rule',
  approvalsAllowHost: 'approvals:allow-host',

  memoryListFiles: 'memory:list-files',
  memoryRead: 'memory:read',
  memoryWrite: 'memory:write',
  memoryVersions: 'memory:versions',
  memoryReadVersion: 'memory:read-version',
  memoryRevert: 'memory:revert',
  memoryPendingList: 'memory:pending-list',
  memoryPendingAccept: 'memory:pending-accept',
  memoryPendingReject: 'memory:pending-reject',

  runtimeOverview: 'runtime:overview',
  runtimeCheck: 'runtime:check',
  runtimeSet: 'runtime:set',
  runtimePresets: 'runtime:presets',
  runtimeAudit: 'runtime:audit',
  runtimeCancelSubagent: 'runtime:cancel-subagent',

  heartbeatStatus: 'heartbeat:status',
  heartbeatPause: 'heartbeat:pause',
  heartbeatResume: 'heartbeat:resume',
  heartbeatRunNow: 'heartbeat:run-now',

  cronList: 'cron:list',
  cronAdd: 'cron:add',
  cronRemove: 'cron:remove',
  cronSetEnabled: 'cron:set-enabled',
  cronRunNow: 'cron:run-now',

  settingsGet: 'settings:get',
  settingsUpdate: 'settings:update',
  settingsTestProvider: 'settings:test-provider',

  mcpStatus: 'mcp:status',

  commandsList: 'commands:list',
  commandsRun: 'commands:run',
  commandsComplete: 'commands:complete',

  appInfo: 'app:info',
  appOpenExternal: 'app:open-external',
  appShowMainWindow: 'app:show-main-window',
  appHideQuickAsk: 'app:hide-quick-ask',
} as const;

/** Push channels (main → renderer). */
export const EVENTS = {
  /** Every CoreEvent (agent progress, approvals, notifications, state changes). */
  coreEvent: 'core:event',
  /** Show a view (notification click, "open in window" from quick ask). */
  navigate: 'app:navigate',
} as const;

export type InvokeChannel = (typeof INVOKE)[keyof typeof INVOKE];
export type EventChannel = (typeof EVENTS)[keyof typeof EVENTS];

/** Every invoke channel name, for routers that register them all. */
export const INVOKE_CHANNELS: readonly InvokeChannel[] = Object.values(INVOKE);
