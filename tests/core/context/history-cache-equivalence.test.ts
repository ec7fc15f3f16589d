// The cached window (HistoryCache refresh) equals a fresh read under the message cap and the token budget, over 300 random appends.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryCache } from '../../../src-main/core/context/history-cache';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessage, appendMessages } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import { loadTokenizer } from '../../../src-main/core/context/token-estimate';

let db: Database;
beforeAll(() => loadTokenizer());
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 's:1');
});
afterEach(() => db.close());

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function appendRandom(r: () => number, i: number): void {
  const k = 's:1';
  const pick = r();
  const text = `m${i} ${'word '.repeat(Math.floor(r() * 40))}`;
  if (pick < 0.3) appendMessage(db, { sessionKey: k, role: 'user', content: text, createdAt: i });
  else if (pick < 0.55) appendMessage(db, { sessionKey: k, role: 'assistant', content: text, createdAt: i });
  else if (pick < 0.65) appendMessage(db, { sessionKey: k, role: 'system', content: text, meta: { visibleToModel: r() < 0.5 }, createdAt: i });
  else {
    const n = 1 + Math.floor(r() * 3);
    const calls = Array.from({ length: n }, (_, j) => ({ id: `c${i}_${j}`, name: 't', arguments: '{}' }));
    appendMessages(db, [
      { sessionKey: k, role: 'assistant', content: null, toolCalls: calls, createdAt: i },
      ...calls.map((c) => ({ sessionKey: k, role: 'tool' as const, content: text, toolCallId: c.id, name: 't', createdAt: i })),
    ]);
  }
}

describe('HistoryCache under agent.maxHistoryMessages', () => {
  for (const [budget, cap] of [[1_000_000, 10], [600, 10], [1_000_000, 25], [300, 1_000]] as const) {
    it(`an incrementally refreshed window equals a fresh read (budget ${budget}, cap ${cap})`, async () => {
      const r = rng(budget + cap);
      const cached = new HistoryCache();
      const window = { afterId: 0, budgetTokens: budget, maxMessages: cap };
      for (let i = 0; i < 300; i++) {
        appendRandom(r, i);
        const a = await cached.load(db, 's:1', window);
        const b = await new HistoryCache().load(db, 's:1', window);
        expect({ step: i, m: a.messages }).toEqual({ step: i, m: b.messages });
        expect({ step: i, unreadZero: a.unread === 0 }).toEqual({ step: i, unreadZero: b.unread === 0 });
      }
    });
  }
});
