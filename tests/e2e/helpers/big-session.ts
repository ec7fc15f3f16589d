// A chat of 5,000 stored messages (questions, markdown answers, every fifth answer with a code block), seeded into
// an e2e app's database as a chat that grew in Nanotray: all but its newest messages consolidated into memory long
// ago. What the virtualisation test and the renderer bench (scripts/bench/renderer-bench.ts) open.
import { appendMessages } from '../../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle, updateSessionMeta } from '../../../src-main/core/store/sessions.repo';
import type { E2eApp } from './e2e-app';

export const BIG_SESSION = 'desktop:big';
export const BIG_TITLE = 'Five thousand messages';
export const BIG_COUNT = 5_000;
/** The newest messages a turn still reads (half of agent.maxHistoryMessages, as consolidation keeps). */
const UNCONSOLIDATED = 250;

/** Stores the big chat (one minute between messages, the newest a minute ago). */
export function seedBigSession(app: E2eApp, count = BIG_COUNT): void {
  const start = Date.now() - count * 60_000;
  ensureSession(app.core.db, BIG_SESSION, start);
  setSessionTitle(app.core.db, BIG_SESSION, BIG_TITLE);
  const messages = Array.from({ length: count }, (_, i) => ({
    sessionKey: BIG_SESSION,
    turnId: `t${Math.floor(i / 2)}`,
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content:
      i % 2 === 0
        ? `Question ${i}: how do I do thing number ${i}?`
        : i % 10 === 1
          ? `Answer ${i}. Use this:\n\n\`\`\`ts\nconst value${i} = compute(${i});\nconsole.log(value${i});\n\`\`\`\n\nThat is all.`
          : `Answer ${i}: **short** reply with a [link](https://example.test/${i}) and a list:\n\n- one\n- two`,
    createdAt: start + i * 60_000,
  }));
  const ids = appendMessages(app.core.db, messages);
  // A turn here answers at once, as in a chat that was summarised while it grew (see README "Long chats").
  if (count > UNCONSOLIDATED) {
    const summary = `The user asked how to do things number 0 to ${count - UNCONSOLIDATED - 1}, one at a time; each answer gave the steps.`;
    updateSessionMeta(app.core.db, BIG_SESSION, { consolidatedThrough: ids[count - UNCONSOLIDATED - 1], consolidatedSummary: summary });
  }
}

/** In the page: scrolls the chat list to its top (what a user does to read older messages). */
export function scrollToTop(): void {
  const list = document.querySelector<HTMLElement>('.messages')!;
  list.scrollTop = 0;
  list.dispatchEvent(new Event('scroll'));
}

/**
 * In the page, polled once a frame by `waitForFunction`: true once every older page is loaded, else scrolls to
 * the top again (a page prepended keeps the same message in view, so the user scrolls on).
 */
export function allPagedInElseScrollUp(): boolean {
  if (!document.querySelector('.list-loader')) return true;
  const list = document.querySelector<HTMLElement>('.messages')!;
  list.scrollTop = 0;
  list.dispatchEvent(new Event('scroll'));
  return false;
}
