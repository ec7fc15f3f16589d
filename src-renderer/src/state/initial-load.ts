// The main window's first fetches, started before its first render: the sessions list first (the sidebar and the chat
// to open), then what the screen shows around it. The first render waits for the list, briefly.
import type { AppStore } from './store';

/**
 * Loads the sessions (then opens the newest chat the user talked in), settings, app info, pending requests, commands
 * and MCP. Resolves once the sessions list is in and the chat to open is chosen.
 */
export function startInitialLoad(store: AppStore): Promise<void> {
  const s = store.getState();
  const sessions = s.loadSessions().then(() => {
    const st = store.getState();
    // Open where the user last talked (desktop or quick ask; the list puts pinned chats first), not a heartbeat or
    // cron log, an archived chat or one left empty.
    const talked = st.sessions.filter((x) => (x.channel === 'desktop' || x.channel === 'quick') && !x.archived && !x.empty);
    const newest = talked.reduce<(typeof talked)[number] | undefined>((a, b) => (a && a.updatedAt >= b.updatedAt ? a : b), undefined) ?? st.sessions[0];
    if (!st.activeSessionKey && newest) void st.selectSession(newest.key);
  });
  void s.loadSettings();
  void s.loadAppInfo();
  void s.loadPendingApprovals();
  void s.loadPendingElicitations();
  void s.loadCommands();
  void s.loadMcp();
  return sessions;
}

/** Resolves when `promise` settles or after `maxMs`, whichever is first; never rejects. */
export function atMost(promise: Promise<unknown>, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
