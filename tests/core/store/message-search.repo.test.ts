// Full-text search: best matches first, tool output never, and a common word ranks among the newest matches only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessages, type NewMessage } from '../../../src-main/core/store/messages.repo';
import { searchMessages } from '../../../src-main/core/store/message-search.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 's:1');
});
afterEach(() => db.close());

const msg = (role: 'user' | 'assistant' | 'tool', content: string): NewMessage => ({
  sessionKey: 's:1',
  role,
  content,
  createdAt: 1,
  ...(role === 'tool' ? { toolCallId: 'c', name: 't' } : {}),
});

describe('searchMessages', () => {
  it('ranks the better match first and leaves out tool results', () => {
    appendMessages(db, [
      msg('user', 'the quarterly report is late, and a long sentence about other things entirely here'),
      msg('assistant', 'quarterly report quarterly report'),
      msg('tool', 'quarterly report from a file'),
    ]);
    const hits = searchMessages(db, 'quarterly report', 10);
    expect(hits.map((h) => h.role)).toEqual(['assistant', 'user']);
    expect(hits[0]!.snippet).toContain('[quarterly]');
  });

  it('ranks a very common word among the newest 1,000 matches only (fast)', () => {
    const rows: NewMessage[] = [];
    for (let i = 0; i < 1_500; i++) rows.push(msg('user', `status update number ${i}`));
    appendMessages(db, rows);
    const hits = searchMessages(db, 'status', 5);
    expect(hits).toHaveLength(5);
    // Ids 1..500 are older than the newest 1,000 matches: none of them is ranked.
    expect(Math.min(...hits.map((h) => h.messageId))).toBeGreaterThan(500);
  });
});

describe('search snippets', () => {
  it('are plain text, with the match marked', () => {
    appendMessages(db, [msg('assistant', '| Animal | Home |\n|---|---|\n| **quokka** | Rottnest |')]);
    const [hit] = searchMessages(db, 'quokka', 5);
    expect(hit!.snippet).toBe('Animal Home [quokka] Rottnest');
  });
});
