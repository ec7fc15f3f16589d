// Sessions slice: the sidebar list (all channels, newest first), full-text search, new/rename/delete/export.
import { t } from '../i18n/i18n';
import type { CoreEvent, ExportWords, Preset, SearchHit, SessionSummary } from '@contract/schemas';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';

export interface SessionsSlice {
  sessions: SessionSummary[];
  sessionsLoaded: boolean;
  sessionsError: string | null;
  searchQuery: string;
  searchHits: SearchHit[] | null;
  searching: boolean;
  searchError: string | null;
  loadSessions(): Promise<void>;
  /** Creates a session and shows it; returns its key (null on failure, with a toast). */
  newChat(): Promise<string | null>;
  renameSession(sessionKey: string, title: string): Promise<boolean>;
  deleteSession(sessionKey: string): Promise<boolean>;
  /** Pins or unpins, archives or restores a chat (a field left out stays); false (with a toast) on failure. */
  organiseSession(sessionKey: string, change: { pinned?: boolean; archived?: boolean }): Promise<boolean>;
  /** Forgets a chat the user left before sending anything (main keeps it when it holds a message or a title). */
  dropLeftEmpty(sessionKey: string): Promise<void>;
  /** The session as markdown, or null (with a toast) on failure. */
  /** The chat as a markdown document, worded in the window's language (`words`). */
  exportSession(sessionKey: string, words: ExportWords): Promise<{ filename: string; markdown: string } | null>;
  searchHistory(query: string): Promise<void>;
  /** The presets a chat can use and the one it uses (no chat yet: the instance's); null when unreadable. */
  loadModelChoices(sessionKey: string | null): Promise<{ active: string; presets: Preset[] } | null>;
  /**
   * The user picks a chat's model preset (a new chat is started when none is open). Always allowed: the user owns
   * the app; `tools.my.allowSet` governs only what the agent changes about itself. The policy's answer, or null (with
   * a toast) on a refusal.
   */
  chooseModelPreset(sessionKey: string | null, preset: string): Promise<string | null>;
  clearSearch(): void;
  applySessionsEvent(event: CoreEvent): void;
}

/** A chat's summary without its own model (a preset was picked in its place). */
function withoutOwnModel(s: SessionSummary): SessionSummary {
  const { model: _model, ...rest } = s;
  return rest;
}

/** Pinned chats first, then newest first by last activity. */
export function sortSessions(list: readonly SessionSummary[]): SessionSummary[] {
  return [...list].sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || b.updatedAt - a.updatedAt || a.key.localeCompare(b.key));
}

/** The organising flags of a summary after a change (absent rather than false, as main sends them). */
function withFlags(s: SessionSummary, flags: { pinned: boolean; archived: boolean }): SessionSummary {
  const { pinned: _p, archived: _a, ...rest } = s;
  return { ...rest, ...(flags.pinned ? { pinned: true } : {}), ...(flags.archived ? { archived: true } : {}) };
}

export const createSessionsSlice: SliceCreator<SessionsSlice> = (set, get, deps) => {
  const { api } = deps;
  const reload = debounce(() => void get().loadSessions(), deps.refreshDelayMs);
  let searchSeq = 0;

  function markBusy(sessionKey: string, busy: boolean): void {
    set((s) => ({
      sessions: s.sessions.some((x) => x.key === sessionKey)
        ? s.sessions.map((x) => (x.key === sessionKey ? { ...x, busy, updatedAt: busy ? deps.now() : x.updatedAt } : x))
        : s.sessions,
    }));
  }

  return {
    sessions: [],
    sessionsLoaded: false,
    sessionsError: null,
    searchQuery: '',
    searchHits: null,
    searching: false,
    searchError: null,

    async loadSessions() {
      const res = await call(api.chat.listSessions({ limit: 500 }));
      if (!res.ok) {
        set({ sessionsError: res.message, sessionsLoaded: true });
        return;
      }
      set({ sessions: sortSessions(res.value.sessions), sessionsLoaded: true, sessionsError: null });
    },

    async newChat() {
      // The open chat is still empty: use it rather than piling up untitled chats.
      const current = get().activeSessionKey;
      const thread = current ? get().threads[current] : undefined;
      if (current && thread?.loaded && thread.items.length === 0 && !thread.turnId) {
        get().requestView('chat');
        return current;
      }
      const res = await call(api.chat.newSession());
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.newChatFailed'), body: res.message, tone: 'error' });
        return null;
      }
      const key = res.value.sessionKey;
      set((s) => ({
        sessions: s.sessions.some((x) => x.key === key)
          ? s.sessions
          : [{ key, channel: key.split(':')[0] ?? 'desktop', title: t('chat.conversation.newChat'), createdAt: deps.now(), updatedAt: deps.now(), busy: false }, ...s.sessions],
      }));
      await get().selectSession(key);
      return key;
    },

    async renameSession(sessionKey, title) {
      const clean = title.trim();
      if (!clean) return false;
      const res = await call(api.chat.renameSession({ sessionKey, title: clean }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.renameFailed'), body: res.message, tone: 'error' });
        return false;
      }
      set((s) => ({ sessions: s.sessions.map((x) => (x.key === sessionKey ? { ...x, title: res.value.title } : x)) }));
      return true;
    },

    async deleteSession(sessionKey) {
      const res = await call(api.chat.deleteSession({ sessionKey }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.deleteFailed'), body: res.message, tone: 'error' });
        return false;
      }
      set((s) => {
        const threads = { ...s.threads };
        delete threads[sessionKey];
        return {
          sessions: s.sessions.filter((x) => x.key !== sessionKey),
          threads,
          activeSessionKey: s.activeSessionKey === sessionKey ? null : s.activeSessionKey,
          searchHits: s.searchHits?.filter((h) => h.sessionKey !== sessionKey) ?? null,
        };
      });
      return true;
    },

    async organiseSession(sessionKey, change) {
      const res = await call(api.chat.organiseSession({ sessionKey, ...change }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.organiseFailed'), body: res.message, tone: 'error' });
        return false;
      }
      set((s) => ({ sessions: sortSessions(s.sessions.map((x) => (x.key === sessionKey ? withFlags(x, res.value) : x))) }));
      return true;
    },

    async dropLeftEmpty(sessionKey) {
      const thread = get().threads[sessionKey];
      if (!thread?.loaded || thread.items.length > 0 || thread.turnId) return;
      const res = await call(api.chat.dropEmptySession({ sessionKey }));
      if (!res.ok || !res.value.dropped) return;
      set((s) => {
        const threads = { ...s.threads };
        delete threads[sessionKey];
        return { sessions: s.sessions.filter((x) => x.key !== sessionKey), threads };
      });
    },

    async exportSession(sessionKey, words) {
      const res = await call(api.chat.exportMarkdown({ sessionKey, words }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.toast.exportFailed'), body: res.message, tone: 'error' });
        return null;
      }
      return res.value;
    },

    async searchHistory(query) {
      const q = query.trim();
      set({ searchQuery: query });
      if (!q) {
        set({ searchHits: null, searching: false, searchError: null });
        return;
      }
      const seq = ++searchSeq;
      set({ searching: true });
      const res = await call(api.chat.search({ query: q, limit: 50 }));
      if (seq !== searchSeq) return; // a newer query is in flight
      if (!res.ok) set({ searching: false, searchHits: [], searchError: res.message });
      else set({ searching: false, searchHits: res.value.hits, searchError: null });
    },

    async loadModelChoices(sessionKey) {
      const res = await call(api.runtime.presets(sessionKey ? { sessionKey } : undefined));
      return res.ok ? res.value : null;
    },

    async chooseModelPreset(sessionKey, preset) {
      const key = sessionKey ?? (await get().newChat());
      if (!key) return null;
      const res = await call(api.chat.setModelPreset({ sessionKey: key, preset }));
      if (!res.ok) {
        get().pushToast({ title: t('chat.modelPicker.notChanged'), body: res.message, tone: 'error' });
        return null;
      }
      set((s) => ({ sessions: s.sessions.map((x) => (x.key === key ? { ...withoutOwnModel(x), modelPreset: res.value.preset } : x)) }));
      return res.value.text;
    },

    clearSearch() {
      searchSeq++;
      set({ searchQuery: '', searchHits: null, searching: false, searchError: null });
    },

    applySessionsEvent(event) {
      switch (event.type) {
        case 'turn.started':
          markBusy(event.sessionKey, true);
          if (!get().sessions.some((s) => s.key === event.sessionKey)) reload();
          break;
        case 'turn.finished':
          markBusy(event.sessionKey, false);
          reload(); // titles are set from the first message; pick them up
          break;
        case 'session.changed':
        case 'session.message':
          reload();
          break;
        default:
          break;
      }
    },
  };
};
