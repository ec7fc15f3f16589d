// Keeps recently used session histories in memory so a turn reads only the rows added since the last one.
// A cheap count/max-id check detects deletions (clear, delete) and falls back to a full read.
import type { ChatMessage } from './chat-message';
import type { Database } from '../store/db';
import { listMessages, messageStats, repairHistory, toHistoryMessages, type StoredMessage } from '../store/messages.repo';

/** The same measure as messageStats' `bytes`: UTF-8 size of the content plus the stored tool-call JSON. */
function textLength(rows: StoredMessage[]): number {
  let n = 0;
  for (const r of rows) {
    if (r.content) n += Buffer.byteLength(r.content, 'utf8');
    if (r.toolCalls.length) n += Buffer.byteLength(JSON.stringify(r.toolCalls), 'utf8');
  }
  return n;
}

interface Entry {
  afterId: number;
  count: number;
  maxId: number;
  /** Summed UTF-8 text size of the cached rows (detects edits in place). */
  bytes: number;
  messages: ChatMessage[];
}

export class HistoryCache {
  #entries = new Map<string, Entry>();

  constructor(private readonly maxSessions = 16) {}

  /**
   * The session's repaired history after `afterId` (messages consolidated into memory are left out).
   * New rows are read incrementally; a deletion or an edit (count or text size differs) forces a full read.
   */
  load(db: Database, sessionKey: string, afterId = 0): ChatMessage[] {
    const stats = messageStats(db, sessionKey, afterId);
    let entry = this.#entries.get(sessionKey);
    if (entry && entry.afterId === afterId && stats.maxId >= entry.maxId) {
      const fresh = stats.maxId > entry.maxId ? listMessages(db, sessionKey, { afterId: entry.maxId }) : [];
      if (entry.count + fresh.length === stats.count && entry.bytes + textLength(fresh) === stats.bytes) {
        entry.messages.push(...toHistoryMessages(fresh));
        entry.count = stats.count;
        entry.maxId = stats.maxId;
        entry.bytes = stats.bytes;
      } else {
        entry = undefined;
      }
    } else {
      entry = undefined;
    }
    if (!entry) {
      const rows = listMessages(db, sessionKey, { afterId });
      entry = { afterId, count: rows.length, maxId: rows.at(-1)?.id ?? 0, bytes: textLength(rows), messages: toHistoryMessages(rows) };
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
