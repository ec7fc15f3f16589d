// UI slice: the current view (with the unsaved-memory guard), toasts, the session search palette,
// theme, app info and the slash-command list.
import { catalogueReady, currentLanguage, t } from '../i18n/i18n';
import type { AppInfo, CommandCompletion, CoreEvent, SlashCommand } from '@contract/schemas';
import type { ThemeSetting } from '../lib/theme';
import { call } from './ipc-call';
import { isMemoryDirty } from './memory-slice';
import type { SliceCreator } from './store-types';
import type { View } from '@contract/event-schemas';
import type { Toast } from './types';
import { notifyWords } from '@contract/notify-words';

const TOAST_MS = 6000;
const MAX_TOASTS = 4;

/** Edits a view has not saved: how to save them (true when saved) or drop them. */
export interface UnsavedEdits {
  save(): Promise<boolean>;
  discard(): void;
}

export interface UiSlice {
  view: View;
  /** A view change waiting for "discard unsaved edits?" (memory file or Settings). */
  pendingView: View | null;
  /** Unsaved Settings edits, registered by the Settings view while it has some: leaving asks first. */
  settingsEdits: UnsavedEdits | null;
  setSettingsEdits(edits: UnsavedEdits | null): void;
  toasts: Toast[];
  paletteOpen: boolean;
  /** The list drawer of chat/memory in a narrow window (below 900 px). */
  sidebarOpen: boolean;
  setSidebarOpen(open: boolean): void;
  theme: ThemeSetting;
  appInfo: AppInfo | null;
  commands: SlashCommand[];
  /** The browser host's WebSocket state (always 'open' under Electron). */
  connection: 'connecting' | 'open' | 'closed' | 'unauthorized';
  setConnection(state: UiSlice['connection']): void;
  /** The socket was open at least once (a drop then shows "connection lost", not a first connect). */
  connectionWasOpen: boolean;
  /** Tries to reconnect at once (the browser host's bridge), null under Electron. */
  reconnectNow: (() => void) | null;
  setReconnectNow(fn: (() => void) | null): void;
  /** The browser host offers desktop notifications (a report arrived and the browser has not been asked yet). */
  notificationOffer: boolean;
  setNotificationOffer(offer: boolean): void;
  /** After the connection came back: reload what may have changed meanwhile. */
  refreshAfterReconnect(): Promise<void>;
  /** Switch views; leaving the memory editor with unsaved edits asks first. */
  requestView(view: View): void;
  /** Switch views without asking (after the user chose). */
  setView(view: View): void;
  confirmPendingView(discard: boolean): void;
  cancelPendingView(): void;
  pushToast(toast: Omit<Toast, 'id'>): void;
  dismissToast(id: number): void;
  setPaletteOpen(open: boolean): void;
  setTheme(theme: ThemeSetting): void;
  loadAppInfo(): Promise<void>;
  loadCommands(): Promise<void>;
  /** Suggestions for a partly typed command line (arguments included; an MCP server completes its prompts'). */
  completeCommand(text: string): Promise<CommandCompletion[]>;
  openExternal(url: string): Promise<void>;
  /** Quick ask: hide the popup (Esc). */
  hideQuickAsk(): Promise<void>;
  /** Quick ask "Open in window": show the main window at this session (or at another view, e.g. Settings). */
  openInMainWindow(sessionKey: string, view?: View): Promise<void>;
  applyUiEvent(event: CoreEvent): void;
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get, deps) => {
  const { api } = deps;
  let toastSeq = 0;

  return {
    view: 'chat',
    pendingView: null,
    settingsEdits: null,
    toasts: [],
    paletteOpen: false,
    sidebarOpen: false,
    theme: 'system',
    appInfo: null,
    commands: [],
    connection: 'open',
    connectionWasOpen: false,
    reconnectNow: null,
    notificationOffer: false,

    setConnection(state) {
      set((s) => ({ connection: state, connectionWasOpen: s.connectionWasOpen || state === 'open' }));
    },

    setReconnectNow(fn) {
      set({ reconnectNow: fn });
    },

    setNotificationOffer(offer) {
      set({ notificationOffer: offer });
    },

    async refreshAfterReconnect() {
      const s = get();
      await Promise.all([s.loadSessions(), s.loadPendingApprovals(), s.loadPendingElicitations(), s.loadSettings()]);
      const key = get().activeSessionKey;
      if (key) {
        set((st) => {
          const threads = { ...st.threads };
          delete threads[key];
          return { threads };
        });
        await get().selectSession(key);
      }
    },

    requestView(view) {
      if (view === get().view) return;
      if ((get().view === 'memory' && isMemoryDirty(get().memoryDoc)) || (get().view === 'settings' && get().settingsEdits)) {
        set({ pendingView: view });
        return;
      }
      set({ view, sidebarOpen: false });
    },

    setSettingsEdits(edits) {
      set({ settingsEdits: edits });
    },

    setView(view) {
      set({ view, pendingView: null, sidebarOpen: false });
    },

    confirmPendingView(discard) {
      const next = get().pendingView;
      if (!next) return;
      if (discard && get().view === 'settings') get().settingsEdits?.discard();
      else if (discard) get().discardMemoryDraft();
      if (get().view === 'settings') set({ settingsEdits: null });
      set({ view: next, pendingView: null, sidebarOpen: false });
    },

    cancelPendingView() {
      set({ pendingView: null });
    },

    pushToast(toast) {
      const id = ++toastSeq;
      set((s) => ({ toasts: [...s.toasts.filter((t) => !toast.topic || t.topic !== toast.topic), { ...toast, id }].slice(-MAX_TOASTS) }));
      // Errors, and toasts with a button (Revert), stay longer: there is something to read or do.
      const ms = toast.action ? TOAST_MS * 3 : toast.tone === 'error' ? TOAST_MS * 2 : TOAST_MS;
      if (typeof window !== 'undefined') window.setTimeout(() => get().dismissToast(id), ms);
    },

    dismissToast(id) {
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },

    setSidebarOpen(open) {
      set({ sidebarOpen: open });
    },

    setPaletteOpen(open) {
      set({ paletteOpen: open });
    },

    setTheme(theme) {
      set({ theme });
    },

    async loadAppInfo() {
      const res = await call(api.app.info());
      if (!res.ok) return;
      set({ appInfo: res.value });
      // The core repaired a damaged database as it started: say what came back, and from when.
      const repair = res.value.databaseRepair;
      if (repair) {
        await catalogueReady; // worded in the window's language (Chinese comes after the first fetches)
        const values = { messages: repair.recoveredMessages, path: repair.damagedKeptAt };
        get().pushToast({
          title: t('common.toasts.databaseRepaired'),
          body: repair.restoredFrom
            ? t('common.toasts.databaseRestored', { ...values, when: new Date(repair.restoredFrom).toLocaleString() })
            : t('common.toasts.databaseRestartedEmpty', values),
          tone: 'info',
        });
      }
    },

    async completeCommand(text) {
      const res = await call(api.commands.complete({ text }));
      return res.ok ? res.value.completions : [];
    },

    async loadCommands() {
      const res = await call(api.commands.list());
      // Command names are ASCII: a code-unit order (localeCompare builds an ICU collator, ~10 ms on a window's start).
      if (res.ok) set({ commands: [...res.value.commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) });
    },

    async openExternal(url) {
      const res = await call(api.app.openExternal({ url }));
      if (!res.ok) get().pushToast({ title: t('common.toasts.linkNotOpened'), body: res.message, tone: 'error' });
    },

    async hideQuickAsk() {
      await call(api.app.hideQuickAsk());
    },

    async openInMainWindow(sessionKey, view = 'chat') {
      const res = await call(api.app.showMainWindow({ view, sessionKey }));
      if (!res.ok) get().pushToast({ title: t('common.toasts.windowNotOpened'), body: res.message, tone: 'error' });
      else await get().hideQuickAsk();
    },

    applyUiEvent(event) {
      if (event.type === 'notify') {
        const words = notifyWords(event, currentLanguage());
        get().pushToast({
          title: words.title,
          body: words.body,
          tone: event.kind === 'error' ? 'error' : 'info',
          sessionKey: event.sessionKey || undefined,
        });
      }
    },
  };
};
