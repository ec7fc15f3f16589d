// The history a turn sends: only the newest messages that can fit the window and the message cap are read (a
// 10,000-message session reads a window's worth, newest first), with their stored token counts; kept in memory per session, so the next
// turn reads only the rows added since. A cheap fingerprint of the window's rows detects deletions and edits.
import type { ChatMessage } from '../model/chat-message';
import { knownTokens, rememberTokens } from '../model/known-tokens';
import type { Database } from '../store/db';
import { repairHistory, toChatMessage } from './stored-history';
import { listRecentMessages, listWindowRowsAfter, setMessageTokens, windowFingerprint, type WindowRow } from '../store/message-window.repo';
import { countSlack, loadTokenizer, messageTokens, messageTokensUpperBound, tokenizerLoaded } from './token-estimate';

/** One loaded row; `message` is absent for system rows the model never sees. */
interface Loaded {
  id: number;
  bytes: number;
  message?: ChatMessage;
  /** Tokens (exact when stored, else the byte bound) the message costs in the window. */
  cost: number;
  /** The count is in the database (or the row is no model message). */
  stored: boolean;
}

function loaded(row: WindowRow): Loaded {
  if (row.role === 'system' && row.meta.visibleToModel !== true) return { id: row.id, bytes: row.bytes, cost: 0, stored: true };
  const message = toChatMessage(row);
  if (row.tokens !== undefined) {
    rememberTokens(message, row.tokens);
    return { id: row.id, bytes: row.bytes, message, cost: row.tokens, stored: true };
  }
  // Once the tokenizer is loaded, what was never counted is counted now (and stored after the turn).
  const cost = tokenizerLoaded() ? messageTokens(message) : messageTokensUpperBound(message);
  return { id: row.id, bytes: row.bytes, message, cost, stored: false };
}

/** Tokens of the loaded messages that have no exact count (their bounds). */
function unsureTokens(entry: Entry): number {
  let n = 0;
  for (const r of entry.rows) if (r.message && knownTokens(r.message) === undefined) n += r.cost;
  return n;
}

interface Entry {
  afterId: number;
  budget: number;
  maxMessages: number;
  rows: Loaded[];
  /** Older rows (after afterId) that were not loaded. */
  unread: number;
  /** The token budget (not only the message cap) left rows out: only then can exact counts change the window. */
  budgetCut: boolean;
  /** windowFingerprint of the rows from rows[0] on, as of the last load. */
  count: number;
  maxId: number;
  bytes: number;
}

/** What a turn gets: the repaired history, oldest first, and how many older messages it leaves out. */
export interface LoadedHistory {
  messages: ChatMessage[];
  unread: number;
}

export interface HistoryWindow {
  /** Messages consolidated into memory (ids up to this one) are left out. */
  afterId: number;
  /** Tokens the history may use at most (the request budget): older messages beyond it are not read. */
  budgetTokens: number;
  /**
   * Model messages the history may hold at most (`agent.maxHistoryMessages`), counted back from the newest question,
   * which is always read with what followed it.
   */
  maxMessages: number;
}

export class HistoryCache {
  #entries = new Map<string, Entry>();

  constructor(private readonly maxSessions = 16) {}

  /**
   * The session's newest messages that fit `budgetTokens`, always including the newest user message. Stored counts
   * are used as they are; messages never counted cost their byte bound. When the budget cut the read short and those
   * bounds add up to more than the slack, the tokenizer is loaded and the window read again with exact counts
   * (stored after the turn, so the next process needs no tokenizer). New rows are read incrementally; a deletion or an edit in the window
   * forces a new read.
   */
  async load(db: Database, sessionKey: string, window: HistoryWindow): Promise<LoadedHistory> {
    let entry = this.#entries.get(sessionKey);
    const same = entry && entry.afterId === window.afterId && entry.budget === window.budgetTokens && entry.maxMessages === window.maxMessages;
    if (!entry || !same || !this.#refresh(db, sessionKey, entry)) {
      entry = this.#read(db, sessionKey, window);
    }
    // Exact counts matter only when the budget cut the read short: a history that fits by its bounds is sent whole.
    if (!tokenizerLoaded() && entry.budgetCut && unsureTokens(entry) > countSlack(window.budgetTokens)) {
      await loadTokenizer();
      entry = this.#read(db, sessionKey, window);
    }
    this.#entries.delete(sessionKey);
    this.#entries.set(sessionKey, entry); // most recently used last
    while (this.#entries.size > this.maxSessions) this.#entries.delete(this.#entries.keys().next().value!);
    const messages: ChatMessage[] = [];
    for (const r of entry.rows) if (r.message) messages.push(r.message);
    return { messages: repairHistory(messages), unread: entry.unread };
  }

  /** Stores the token counts made for this session's loaded messages since they were read (one transaction). */
  storeCounts(db: Database, sessionKey: string): void {
    const entry = this.#entries.get(sessionKey);
    if (!entry) return;
    const counts: Array<{ id: number; tokens: number }> = [];
    for (const r of entry.rows) {
      const tokens = r.stored || !r.message ? undefined : knownTokens(r.message);
      if (tokens === undefined) continue;
      counts.push({ id: r.id, tokens });
      r.stored = true;
      r.cost = tokens;
    }
    setMessageTokens(db, counts);
  }

  forget(sessionKey?: string): void {
    if (sessionKey === undefined) this.#entries.clear();
    else this.#entries.delete(sessionKey);
  }

  #read(db: Database, sessionKey: string, window: HistoryWindow): Entry {
    let used = 0;
    let models = 0;
    let sawUser = false;
    let budgetCut = false;
    const rows: Loaded[] = [];
    const recent = listRecentMessages(db, sessionKey, {
      afterId: window.afterId,
      take: (row) => {
        const r = loaded(row);
        if (sawUser && used + r.cost > window.budgetTokens) {
          budgetCut = true;
          return false;
        }
        if (sawUser && r.message && models >= window.maxMessages) return false;
        used += r.cost;
        if (r.message) models++;
        sawUser ||= row.role === 'user';
        rows.push(r); // newest first here, reversed below
        return true;
      },
    });
    rows.reverse();
    // The fingerprint of what was read is the rows themselves: every row from rows[0] on was read (no second query,
    // and no row appended meanwhile by another process is counted without being read).
    const bytes = rows.reduce((n, r) => n + r.bytes, 0);
    return { afterId: window.afterId, budget: window.budgetTokens, maxMessages: window.maxMessages, rows, unread: recent.unread, budgetCut, count: rows.length, maxId: rows.at(-1)?.id ?? 0, bytes };
  }

  /** Adds the rows appended since the last load and drops the oldest beyond the budget or the cap; false when the window changed. */
  #refresh(db: Database, sessionKey: string, entry: Entry): boolean {
    const fp = windowFingerprint(db, sessionKey, entry.afterId, entry.rows[0]?.id ?? 0);
    if (fp.maxId < entry.maxId) return false;
    const fresh = fp.maxId > entry.maxId ? listWindowRowsAfter(db, sessionKey, entry.maxId).map(loaded) : [];
    const freshBytes = fresh.reduce((n, r) => n + r.bytes, 0);
    if (entry.count + fresh.length !== fp.count || entry.bytes + freshBytes !== fp.bytes) return false;
    entry.rows.push(...fresh);
    entry.count = fp.count;
    entry.maxId = fp.maxId;
    entry.bytes = fp.bytes;
    let used = entry.rows.reduce((n, r) => n + r.cost, 0);
    let models = entry.rows.reduce((n, r) => n + (r.message ? 1 : 0), 0);
    const lastUser = entry.rows.findLastIndex((r) => r.message?.role === 'user');
    let drop = 0;
    while ((used > entry.budget || models > entry.maxMessages) && drop < lastUser) {
      if (used > entry.budget) entry.budgetCut = true;
      const gone = entry.rows[drop++]!;
      used -= gone.cost;
      if (gone.message) models--;
    }
    if (drop) {
      const gone = entry.rows.splice(0, drop);
      entry.unread += drop;
      entry.count -= drop;
      entry.bytes -= gone.reduce((n, r) => n + r.bytes, 0);
    }
    return true;
  }
}
