// Keeps recently used session histories in memory so a turn reads only the rows added since the last one.
// A cheap count/max-id check detects deletions (clear, delete) and falls back to a full read.
import type { ChatMessage } from './chat-message';
import type { Database } from '../store/sqlite-driver';
import { listMessages, messageStats, repairHistory, toHistoryMessages } from '../store/messages.repo';

interface Entry {
  afterId: number;
  count: number;
  maxId: number;
  messages: ChatMessage[];
}

export class HistoryCache {
  #entries = new Map<string, Entry>();

  constructor(private readonly maxSessions = 16) {}

  /**
   * The session's repaired history after `afterId` (messages consolidated into memory are left out).
   * Rows are assumed append-only; any deletion changes the count and forces a full read.
   */
  load(db: Database, sessionKey: string, afterId = 0): ChatMessage[] {
    const stats = messageStats(db, sessionKey, afterId);
    let entry = this.#entries.get(sessionKey);
    if (entry && entry.afterId === afterId && stats.maxId >= entry.maxId) {
      const fresh = stats.maxId > entry.maxId ? listMessages(db, sessionKey, { afterId: entry.maxId }) : [];
      if (entry.count + fresh.length === stats.count) {
        entry.messages.push(...toHistoryMessages(fresh));
        entry.count = stats.count;
        entry.maxId = stats.maxId;
      } else {
        entry = undefined;
      }
    } else {
      entry = undefined;
    }
    if (!entry) {
      const rows = listMessages(db, sessionKey, { afterId });
      entry = { afterId, count: rows.length, maxId: rows.at(-1)?.id ?? 0, messages: toHistoryMessages(rows) };
    }
    this.#entries.delete(sessionKey);
    this.#entries.set(sessionKey, entry); // most recently used last
    while (this.#entries.size > this.maxSessions) this.#entries.delete(this.#entries.keys().next().value!);
    return repairHistory(entry.messages);
  }

  forget(sessionKey?: string): void {
    if (sessionKey === undefined) this.#entries.clear();
    else this.#entries.delete(sessionKey);
  }
}
