// Versions of a chat's end: an edit or a regeneration archives what followed instead of deleting it, the shown
// branch is all that `messages` holds (what the model, search and export read), and switching swaps branches whole.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessage, listMessages } from '../../../src-main/core/store/messages.repo';
import { searchMessages } from '../../../src-main/core/store/message-search.repo';
import { archiveAfter, shownMessageBefore, showVersion, versionChoices } from '../../../src-main/core/store/message-versions.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';

const S = 's:1';
let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, S);
});
afterEach(() => db.close());

const add = (role: 'user' | 'assistant', content: string) => appendMessage(db, { sessionKey: S, role, content, createdAt: 1 });
const shown = () => listMessages(db, S).map((m) => m.content);

describe('message versions', () => {
  it('an edit keeps the old branch as version 1 and shows the new one as 2 of 2', () => {
    add('user', 'first question');
    add('assistant', 'first answer');
    const q2 = add('user', 'second question');
    add('assistant', 'old answer about apples');
    const parent = shownMessageBefore(db, S, q2);
    expect(archiveAfter(db, S, parent, 2)).toBe(2);
    const q2b = add('user', 'second question, edited');
    add('assistant', 'new answer about pears');
    expect(shown()).toEqual(['first question', 'first answer', 'second question, edited', 'new answer about pears']);
    expect(versionChoices(db, S)).toEqual([{ parentId: parent, firstId: q2b, index: 2, count: 2 }]);
    // search follows the branch shown
    expect(searchMessages(db, 'apples', 5)).toEqual([]);
    expect(searchMessages(db, 'pears', 5)).toHaveLength(1);

    expect(showVersion(db, S, parent, 1, 3)).toBe(true);
    expect(shown()).toEqual(['first question', 'first answer', 'second question', 'old answer about apples']);
    expect(versionChoices(db, S)).toEqual([{ parentId: parent, firstId: q2, index: 1, count: 2 }]);
    expect(searchMessages(db, 'apples', 5)).toHaveLength(1);
    expect(searchMessages(db, 'pears', 5)).toEqual([]);

    expect(showVersion(db, S, parent, 2, 4)).toBe(true);
    expect(shown()).toEqual(['first question', 'first answer', 'second question, edited', 'new answer about pears']);
    expect(showVersion(db, S, parent, 3, 5)).toBe(false);
  });

  it('a regeneration forks after the question; a follow-up on an old version stays in it', () => {
    const q = add('user', 'question');
    add('assistant', 'answer A');
    archiveAfter(db, S, q, 2);
    add('assistant', 'answer B');
    expect(versionChoices(db, S)).toMatchObject([{ parentId: q, index: 2, count: 2 }]);
    showVersion(db, S, q, 1, 3);
    add('user', 'follow-up on A');
    expect(shown()).toEqual(['question', 'answer A', 'follow-up on A']);
    showVersion(db, S, q, 2, 4);
    expect(shown()).toEqual(['question', 'answer B']);
    showVersion(db, S, q, 1, 5);
    expect(shown()).toEqual(['question', 'answer A', 'follow-up on A']);
  });

  it('forks inside a hidden version come back with it', () => {
    const q1 = add('user', 'q1');
    add('assistant', 'a1');
    const q2 = add('user', 'q2');
    add('assistant', 'a2 first');
    archiveAfter(db, S, q2, 2); // regenerate q2
    add('assistant', 'a2 second');
    archiveAfter(db, S, q1, 3); // regenerate q1: the whole q2 fork goes with it
    add('assistant', 'a1 again');
    expect(versionChoices(db, S).map((c) => c.parentId)).toEqual([q1]);
    showVersion(db, S, q1, 1, 4);
    expect(shown()).toEqual(['q1', 'a1', 'q2', 'a2 second']);
    expect(versionChoices(db, S).map((c) => [c.parentId, c.index, c.count])).toEqual([
      [q1, 1, 2],
      [q2, 2, 2],
    ]);
  });

  it('archives nothing when nothing follows the message', () => {
    const q = add('user', 'q');
    expect(archiveAfter(db, S, q, 2)).toBe(0);
    expect(versionChoices(db, S)).toEqual([]);
  });
});
