// The shape of `window.nanotray` (Electron preload and the browser host's web bridge build the same object).
// Type-only imports: nothing here reaches the preload bundle.
import type { EVENTS, INVOKE, InvokeChannel } from './channels';
import type { EventPayload, InvokeInput, InvokeOutput, IpcResult } from './schemas';

/** A call that takes the channel's input. */
export type Call<C extends InvokeChannel> = (input: InvokeInput<C>) => Promise<IpcResult<InvokeOutput<C>>>;
/** A call whose input is optional (or absent). */
export type OptionalCall<C extends InvokeChannel> = (input?: InvokeInput<C>) => Promise<IpcResult<InvokeOutput<C>>>;
export type Unsubscribe = () => void;

type I = typeof INVOKE;

export interface NanotrayApi {
  chat: {
    /** Starts a turn; tokens and tool events arrive on `onCoreEvent` with the returned turnId. */
    send: Call<I['chatSend']>;
    cancel: Call<I['chatCancel']>;
    listSessions: OptionalCall<I['chatListSessions']>;
    history: Call<I['chatHistory']>;
    search: Call<I['chatSearch']>;
    newSession: OptionalCall<I['chatNewSession']>;
    renameSession: Call<I['chatRenameSession']>;
    deleteSession: Call<I['chatDeleteSession']>;
    exportMarkdown: Call<I['chatExportMarkdown']>;
  };
  approvals: {
    resolve: Call<I['approvalsResolve']>;
    pending: OptionalCall<I['approvalsPending']>;
    listRules: OptionalCall<I['approvalsListRules']>;
    revokeRule: Call<I['approvalsRevokeRule']>;
    /** Always let web_fetch reach a host (Settings → Allowed hosts). */
    allowHost: Call<I['approvalsAllowHost']>;
  };
  memory: {
    listFiles: OptionalCall<I['memoryListFiles']>;
    read: Call<I['memoryRead']>;
    /** `{status:'conflict', theirs, yours}` when the file changed since `baseVersion`. */
    write: Call<I['memoryWrite']>;
    versions: Call<I['memoryVersions']>;
    readVersion: Call<I['memoryReadVersion']>;
    revert: Call<I['memoryRevert']>;
    /** Memory changes waiting for review (consolidation, or writes nobody could approve). */
    pendingList: OptionalCall<I['memoryPendingList']>;
    /** `{status:'conflict', currentContent}` when the file changed since: merge, then accept with `baseVersion`. */
    pendingAccept: Call<I['memoryPendingAccept']>;
    pendingReject: Call<I['memoryPendingReject']>;
  };
  runtime: {
    overview: OptionalCall<I['runtimeOverview']>;
    check: Call<I['runtimeCheck']>;
    /** Same policy as the `my` tool; audited with source `ui`. */
    set: Call<I['runtimeSet']>;
    presets: OptionalCall<I['runtimePresets']>;
    audit: OptionalCall<I['runtimeAudit']>;
    /** Stops a running subagent task. */
    cancelSubagent: Call<I['runtimeCancelSubagent']>;
  };
  heartbeat: {
    status: OptionalCall<I['heartbeatStatus']>;
    pause: OptionalCall<I['heartbeatPause']>;
    resume: OptionalCall<I['heartbeatResume']>;
    runNow: OptionalCall<I['heartbeatRunNow']>;
  };
  cron: {
    list: OptionalCall<I['cronList']>;
    add: Call<I['cronAdd']>;
    remove: Call<I['cronRemove']>;
    /** Pause (false) or resume (true) a job. */
    setEnabled: Call<I['cronSetEnabled']>;
    /** Runs a job now, outside its schedule. */
    runNow: Call<I['cronRunNow']>;
  };
  settings: {
    /** Secrets come back masked. */
    get: OptionalCall<I['settingsGet']>;
    /** Secrets are write-only: '' or the masked value = unchanged, null = remove. */
    update: Call<I['settingsUpdate']>;
    testProvider: Call<I['settingsTestProvider']>;
  };
  mcp: {
    status: OptionalCall<I['mcpStatus']>;
  };
  commands: {
    list: OptionalCall<I['commandsList']>;
    run: Call<I['commandsRun']>;
    /** Autocomplete for a partly typed `/command`. */
    complete: Call<I['commandsComplete']>;
  };
  app: {
    info: OptionalCall<I['appInfo']>;
    /** http/https only; opens in the system browser (a new tab in the browser host). */
    openExternal: Call<I['appOpenExternal']>;
    /** Quick ask "open in window": show the main window at a view/session. */
    showMainWindow: OptionalCall<I['appShowMainWindow']>;
    hideQuickAsk: OptionalCall<I['appHideQuickAsk']>;
  };
  /** Every CoreEvent (tokens, tool cards, approvals, notify, state changes). */
  onCoreEvent(listener: (event: EventPayload<(typeof EVENTS)['coreEvent']>) => void): Unsubscribe;
  /** Main asks the window to show a view (notification click, tray, quick ask). */
  onNavigate(listener: (event: EventPayload<(typeof EVENTS)['navigate']>) => void): Unsubscribe;
}

declare global {
  interface Window {
    nanotray: NanotrayApi;
  }
}
