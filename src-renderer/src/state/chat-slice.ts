// Chat slice: threads per session (history + live items), sending, stopping, and streamed tokens
// batched per animation frame so a fast model costs one render per frame.
import { t as translate } from '../i18n/i18n';
import type { CoreEvent } from '@contract/schemas';
import { LIMITS } from '@contract/limits';
import { isSlashCommand } from '@contract/slash-command-rule';
import { StreamBatcher } from '../lib/stream-batcher';
import { call } from './ipc-call';
import { historyToItems, mergeLive, withTurnUsage } from './history-items';
import { usageWithCost, type ModelTokens } from '@contract/usage-cost';
import { toolItemId } from './item-ids';
import { createRewriteActions } from './chat-rewrite';
import { applyToolProgress, commitStream, finishTurn } from './thread-updates';
import type { SliceCreator } from './store-types';
import { emptyThread, type ChatItem, type Thread } from './types';
import type { McpResourceRef } from '@contract/mcp-schemas';

/** Messages read when a chat opens: its newest, enough to fill the window and scroll a while. */
const HISTORY_PAGE = 200;
/**
 * Messages read per older page, the contract's most: what a page costs is mostly per page (a round trip, a list
 * update, the new rows laid out), so 5,000 messages take 5 pages instead of 24 (1.5 s → ~0.5 s in `npm run bench`).
 */
const OLDER_PAGE = LIMITS.historyPageMax;

export interface ChatSlice {
  activeSessionKey: string | null;
  threads: Record<string, Thread>;
  /** A search hit to scroll to (and highlight) once its message is loaded. */
  focusMessage: { sessionKey: string; messageId: number; query: string } | null;
  /** Show a search hit: open its chat, scroll to the message and highlight the words of `query` in it. */
  openSearchHit(sessionKey: string, messageId: number, query?: string): Promise<void>;
  clearFocusMessage(): void;
  /** Shows version `index` (1-based) of the chat after message `parentId` (‹ 1/2 ›), then reloads the chat. */
  showVersion(sessionKey: string, parentId: number, index: number): Promise<void>;
  /** Show a session (loads its history the first time). */
  selectSession(sessionKey: string): Promise<void>;
  /** Load the page of history before the oldest loaded message. */
  loadOlder(sessionKey: string): Promise<void>;
  /** Send the composer's text (slash commands, by the contract's rule, go to commands.run first). Returns false when nothing was sent. */
  /** Sends a message; one starting with `/` runs as a command unless `asText` (a long paste leads it, see Composer). */
  sendMessage(text: string, images?: string[], resources?: McpResourceRef[], asText?: boolean): Promise<boolean>;
  stopTurn(sessionKey?: string): Promise<void>;
  /**
   * A new answer to the chat's last question (Retry after a failure, Regenerate): the old answer goes, the
   * question is not sent twice. False when the core refused (a toast says why).
   */
  regenerate(sessionKey: string): Promise<boolean>;
  /** Replaces the user message `itemId` and everything after it with `text`, and answers it. */
  editAndResend(sessionKey: string, itemId: string, text: string): Promise<boolean>;
  dismissTurnError(sessionKey: string): void;
  /** Internal: a core event that concerns chat threads. */
  applyChatEvent(event: CoreEvent): void;
}

let localSeq = 0;
const localId = (prefix: string) => `${prefix}${Date.now().toString(36)}-${(localSeq++).toString(36)}`;

export const createChatSlice: SliceCreator<ChatSlice> = (set, get, deps) => {
  const { api, now } = deps;

  function updateThread(key: string, fn: (t: Thread) => Thread): void {
    set((s) => ({ threads: { ...s.threads, [key]: fn(s.threads[key] ?? emptyThread()) } }));
  }

  function appendItems(key: string, items: ChatItem[]): void {
    updateThread(key, (t) => ({ ...t, items: [...t.items, ...items] }));
  }

  /** A frame batcher that appends streamed pieces to one field of each session's thread (one render per frame). */
  function fieldBatcher(field: 'streamText' | 'streamReasoning'): StreamBatcher {
    return new StreamBatcher((batch) => {
      set((s) => {
        const threads = { ...s.threads };
        for (const [key, text] of batch) {
          const t = threads[key] ?? emptyThread();
          threads[key] = { ...t, [field]: t[field] + text, retry: null, summarising: null };
        }
        return { threads };
      });
    }, deps.frames);
  }

  /** Usage of the turns running now, per model call, until their end puts it on the answer. */
  const liveUsage = new Map<string, (ModelTokens & { totalTokens: number })[]>();

  /** Streamed answer text and reasoning arrive here once per frame, for every session that got some. */
  const batcher = fieldBatcher('streamText');
  const reasoningBatcher = fieldBatcher('streamReasoning');

  /** The user/assistant texts of the items, in order (what stored history must agree with). */
  function conversationTexts(items: readonly ChatItem[]): string[] {
    return items
      .filter((i) => i.kind === 'user' || (i.kind === 'assistant' && i.text.trim() !== ''))
      .map((i) => (i.kind === 'user' || i.kind === 'assistant' ? i.text.trim() : ''));
  }

  /**
   * The stored history of a loaded chat changed (`session.changed: updated` — after every turn, and
   * when the heartbeat rewrites its session or /clear empties one). Reload only when it differs from
   * what is shown, so the usual post-turn notice costs one read and no re-render.
   */
  const refreshing = new Set<string>();
  async function refreshIfChanged(key: string): Promise<void> {
    const t = get().threads[key];
    if (!t?.loaded || t.turnId || refreshing.has(key)) return;
    refreshing.add(key);
    try {
      const res = await call(api.chat.history({ sessionKey: key, limit: HISTORY_PAGE }));
      const now = get().threads[key];
      if (!res.ok || !now?.loaded || now.turnId) return;
      const stored = historyToItems(res.value.messages, res.value.toolEvents, res.value.turnUsage, res.value.runningTurnId);
      const a = conversationTexts(stored);
      const b = conversationTexts(now.items).slice(-a.length || undefined);
      const same = a.length === 0 ? conversationTexts(now.items).length === 0 : a.length === b.length && a.every((x, i) => x === b[i]);
      const versions = res.value.versions ?? [];
      if (same && JSON.stringify(versions) === JSON.stringify(now.versions)) return;
      updateThread(key, (th) => ({
        ...th,
        versions,
        items: [...stored, ...th.items.filter((i) => i.kind === 'approval' && i.decision === 'pending')],
        hasMore: res.value.hasMore,
        oldestId: res.value.messages[0]?.id ?? null,
      }));
    } finally {
      refreshing.delete(key);
    }
  }

  async function ensureSession(): Promise<string | null> {
    const current = get().activeSessionKey;
    if (current) return current;
    return get().newChat();
  }

  return {
    activeSessionKey: null,
    threads: {},
    focusMessage: null,

    async openSearchHit(sessionKey, messageId, query = '') {
      set({ focusMessage: { sessionKey, messageId, query } });
      await get().selectSession(sessionKey);
    },

    clearFocusMessage() {
      set({ focusMessage: null });
    },

    async showVersion(sessionKey, parentId, index) {
      const res = await call(api.chat.showVersion({ sessionKey, parentId, index }));
      if (!res.ok) {
        get().pushToast({ title: translate('chat.versions.failed'), body: res.message, tone: 'error' });
        return;
      }
      await refreshIfChanged(sessionKey);
    },

    async selectSession(sessionKey) {
      const left = get().activeSessionKey;
      set({ activeSessionKey: sessionKey });
      // a new chat left before anything was sent is not kept
      if (left && left !== sessionKey) void get().dropLeftEmpty(left);
      get().requestView('chat'); // asks first when leaving unsaved memory edits
      const t = get().threads[sessionKey];
      if (t?.loaded || t?.loading) return;
      updateThread(sessionKey, (th) => ({ ...th, loading: true }));
      const res = await call(api.chat.history({ sessionKey, limit: HISTORY_PAGE }));
      if (!res.ok) {
        updateThread(sessionKey, (th) => ({ ...th, loading: false, loadError: res.message }));
        return;
      }
      const items = historyToItems(res.value.messages, res.value.toolEvents, res.value.turnUsage, res.value.runningTurnId);
      const pending = Object.values(get().approvals).filter((a) => a.sessionKey === sessionKey);
      const approvalItems: ChatItem[] = pending.map((request) => ({ kind: 'approval', id: `p${request.id}`, request, decision: 'pending' }));
      updateThread(sessionKey, (th) => ({
        ...th,
        items: mergeLive(items, [...th.items, ...approvalItems.filter((a) => !th.items.some((i) => i.id === a.id))], th.turnId),
        loaded: true,
        loading: false,
        loadError: null,
        versions: res.value.versions ?? [],
        hasMore: res.value.hasMore,
        oldestId: res.value.messages[0]?.id ?? null,
        turnId: th.turnId ?? res.value.runningTurnId ?? (get().sessions.find((s) => s.key === sessionKey)?.busy ? 'running' : null),
      }));
    },

    async loadOlder(sessionKey) {
      const t = get().threads[sessionKey];
      if (!t || !t.hasMore || t.loading || t.oldestId === null) return;
      updateThread(sessionKey, (th) => ({ ...th, loading: true }));
      const res = await call(api.chat.history({ sessionKey, beforeId: t.oldestId, limit: OLDER_PAGE }));
      if (!res.ok) {
        updateThread(sessionKey, (th) => ({ ...th, loading: false }));
        get().pushToast({ title: translate('chat.toast.olderFailed'), body: res.message, tone: 'error' });
        return;
      }
      const older = historyToItems(res.value.messages, res.value.toolEvents, res.value.turnUsage, res.value.runningTurnId);
      updateThread(sessionKey, (th) => ({
        ...th,
        items: [...older, ...th.items],
        loading: false,
        hasMore: res.value.hasMore,
        oldestId: res.value.messages[0]?.id ?? th.oldestId,
      }));
    },

    async sendMessage(rawText, images, resources, asText = false) {
      let text = rawText.trim();
      if (!text && !images?.length && !resources?.length) return false;
      const sessionKey = await ensureSession();
      if (!sessionKey) return false;
      if (!asText && isSlashCommand(text) && !images?.length && !resources?.length) {
        const res = await call(api.commands.run({ sessionKey, text }));
        if (res.ok && res.value.send) {
          // An MCP prompt, filled in by its server: sent as the user's message, visible as such.
          text = res.value.send.text;
        } else if (res.ok && res.value.handled) {
          const target = res.value.sessionKey ?? sessionKey;
          if (target !== sessionKey) {
            await get().loadSessions();
            await get().selectSession(target);
          }
          if (res.value.output) appendItems(target, [{ kind: 'notice', id: localId('n'), text: res.value.output, tone: 'info', at: now() }]);
          return true;
        } else if (!res.ok) {
          get().pushToast({ title: translate('chat.toast.commandFailed'), body: res.message, tone: 'error' });
          return false;
        }
        // not a known command (or a prompt filled in): send it as an ordinary message
      }
      const userItemId = localId('u');
      updateThread(sessionKey, (t) => ({
        ...t,
        loaded: t.loaded || t.items.length === 0,
        error: null,
        turnId: t.turnId ?? 'pending',
        items: [...t.items, { kind: 'user', id: userItemId, text, images, ...(resources?.length ? { resources } : {}), at: now() }],
      }));
      const res = await call(
        api.chat.send({ sessionKey, text, images: images?.length ? images : undefined, resources: resources?.length ? resources : undefined, ...(asText ? { asText } : {}) }),
      );
      if (!res.ok) {
        // Not accepted, so not stored: take the bubble back (the composer keeps the text).
        updateThread(sessionKey, (t) => ({
          ...t,
          turnId: t.turnId === 'pending' ? null : t.turnId,
          items: t.items.filter((i) => i.id !== userItemId),
          error: { message: res.message, fix: 'retry' },
        }));
        return false;
      }
      const turnId = res.value.turnId || null;
      updateThread(sessionKey, (t) => ({
        ...(t.turnId === 'pending' ? { ...t, turnId: res.value.turnId } : t),
        items: t.items.map((i) => (i.id === userItemId && i.kind === 'user' ? { ...i, turnId } : i)),
      }));
      return true;
    },

    async stopTurn(sessionKeyArg) {
      const sessionKey = sessionKeyArg ?? get().activeSessionKey;
      if (!sessionKey) return;
      updateThread(sessionKey, (t) => (t.turnId ? { ...t, stopRequested: true } : t));
      const res = await call(api.chat.cancel({ sessionKey }));
      if (!res.ok) {
        updateThread(sessionKey, (t) => ({ ...t, stopRequested: false }));
        get().pushToast({ title: translate('chat.toast.stopFailed'), body: res.message, tone: 'error' });
      }
    },

    ...createRewriteActions({ get, api, now, updateThread, localId }),

    dismissTurnError(sessionKey) {
      updateThread(sessionKey, (t) => ({ ...t, error: null }));
    },

    applyChatEvent(event) {
      if (event.type === 'token') {
        reasoningBatcher.flushNow(); // reasoning that came first is shown first
        batcher.push(event.sessionKey, event.text);
        return;
      }
      if (event.type === 'reasoning') {
        reasoningBatcher.push(event.sessionKey, event.text);
        return;
      }
      // Anything else is ordered after the tokens before it.
      reasoningBatcher.flushNow();
      batcher.flushNow();
      switch (event.type) {
        case 'turn.started':
          updateThread(event.sessionKey, (t) => ({
            ...t,
            turnId: event.turnId,
            streamText: '',
            streamReasoning: '',
            error: null,
            retry: null,
            summarising: null,
            turnModel: event.model ?? null,
            turnFallback: false,
          }));
          break;
        case 'turn.summarising':
          updateThread(event.sessionKey, (t) => (t.turnId === event.turnId ? { ...t, summarising: event.phase === 'started' ? event.messages : null } : t));
          break;
        case 'provider.retry':
          updateThread(event.sessionKey, (t) => ({ ...t, retry: { message: event.message, attempt: event.attempt, retryAt: event.retryAt } }));
          break;
        case 'provider.notice':
          appendItems(event.sessionKey, [{ kind: 'notice', id: localId('n'), text: event.message, tone: 'info', at: now() }]);
          break;
        case 'turn.waiting': {
          // Another window, terminal or the daemon is answering in this chat: this message waits its turn.
          const text = event.holderPid ? translate('chat.message.waiting', { pid: event.holderPid }) : translate('chat.message.waitingNoPid');
          appendItems(event.sessionKey, [{ kind: 'notice', id: localId('n'), text, tone: 'info', at: now() }]);
          break;
        }
        case 'provider.failover': // only before anything of the answer streamed
          appendItems(event.sessionKey, [
            { kind: 'notice', id: localId('n'), text: translate('chat.message.failover', { to: event.to, from: event.from, reason: event.reason }), tone: 'info', at: now() },
          ]);
          updateThread(event.sessionKey, (t) => ({ ...t, retry: null, turnModel: event.to, turnFallback: true }));
          break;
        case 'tool.started':
          updateThread(event.sessionKey, (t) => {
            const committed = commitStream(t, localId, now());
            const item: ChatItem = {
              kind: 'tool',
              id: toolItemId(event.turnId, event.callId),
              turnId: event.turnId,
              name: event.name,
              args: event.args,
              status: 'running',
              startedAt: event.at,
            };
            return { ...committed, summarising: null, items: [...committed.items, item] };
          });
          break;
        case 'tool.progress':
          updateThread(event.sessionKey, (t) => applyToolProgress(t, event));
          break;
        case 'tool.finished':
          updateThread(event.sessionKey, (t) => ({
            ...t,
            items: t.items.map((i) =>
              i.kind === 'tool' && i.id === toolItemId(event.turnId, event.callId)
                ? { ...i, status: event.status, result: event.result, durationMs: event.durationMs }
                : i,
            ),
          }));
          break;
        case 'usage': {
          const rows = liveUsage.get(event.turnId) ?? [];
          rows.push({ model: event.model, ...event.usage });
          liveUsage.set(event.turnId, rows);
          break;
        }
        case 'turn.finished': {
          // The turn's tokens (every model call) go on its last answer, priced like the core prices stored turns.
          const rows = liveUsage.get(event.turnId);
          liveUsage.delete(event.turnId);
          const prices = get().settings?.config.prices ?? {};
          const usage = rows ? { [event.turnId]: usageWithCost(rows, prices) } : {};
          updateThread(event.sessionKey, (t) => {
            const finished = finishTurn(t, event, localId, now());
            return rows ? { ...finished, items: withTurnUsage([...finished.items], usage) } : finished;
          });
          break;
        }
        case 'session.message': {
          const t = get().threads[event.sessionKey];
          if (!t?.loaded) break;
          const item: ChatItem =
            event.role === 'assistant'
              ? { kind: 'assistant', id: localId('a'), text: event.content, at: event.at, turnId: null }
              : { kind: 'notice', id: localId('n'), text: event.content, tone: 'info', at: event.at };
          appendItems(event.sessionKey, [item]);
          break;
        }
        case 'session.changed':
          if (event.change === 'updated') void refreshIfChanged(event.sessionKey);
          if (event.change === 'deleted') {
            batcher.discard(event.sessionKey);
            reasoningBatcher.discard(event.sessionKey);
            set((s) => {
              const threads = { ...s.threads };
              delete threads[event.sessionKey];
              return { threads, activeSessionKey: s.activeSessionKey === event.sessionKey ? null : s.activeSessionKey };
            });
          }
          break;
        default:
          break;
      }
    },
  };
};
