// Opening the app (or reloading it) with a long chat selected lands on its newest message, and the list
// keeps following the answer while the user stays at the bottom, but not after they scrolled up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitIdle } from './ui-helpers';

const SESSION = 'desktop:long-chat';

/** Answers of very different heights (the virtual list estimates 72 px a row). */
function longAnswer(i: number): string {
  const code = Array.from({ length: 6 + (i % 9) }, (_, l) => `  line_${l} = compute(${i}, ${l})`).join('\n');
  return `Answer ${i}: here is a **longer** reply.\n\n- one\n- two\n- three\n\n\`\`\`python\ndef f():\n${code}\n\`\`\`\n\n${'Some more words. '.repeat(10 + (i % 30))}`;
}

function seedLongChat(app: E2eApp, pairs: number): void {
  const db = app.core.db;
  const t0 = Date.now() - pairs * 60_000;
  ensureSession(db, SESSION, t0);
  setSessionTitle(db, SESSION, 'A long chat');
  for (let i = 0; i < pairs; i++) {
    appendMessage(db, { sessionKey: SESSION, role: 'user', content: `Question ${i}?`, createdAt: t0 + i * 60_000 });
    appendMessage(db, { sessionKey: SESSION, role: 'assistant', content: longAnswer(i), createdAt: t0 + i * 60_000 + 1000 });
  }
  appendMessage(db, { sessionKey: SESSION, role: 'assistant', content: 'THE NEWEST MESSAGE', createdAt: Date.now() });
}

async function distanceFromBottom(app: E2eApp): Promise<number> {
  return app.page.evaluate(() => {
    const el = document.querySelector('.messages[role="log"]')!;
    return el.scrollHeight - el.scrollTop - el.clientHeight;
  });
}

describe('landing on the latest message', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    seedLongChat(app, 120);
    await app.page.reload();
    await app.page.locator('.conv-title h1', { hasText: 'A long chat' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens the last chat at its newest message, with no "Jump to latest"', async () => {
    const newest = app.page.locator('[data-role="assistant"]', { hasText: 'THE NEWEST MESSAGE' });
    await newest.waitFor({ state: 'visible', timeout: 5000 });
    expect(await distanceFromBottom(app)).toBeLessThan(48);
    expect(await app.page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    await shootBothThemes(app, app.page, 'chat-landing');
  });

  it('follows a long streamed answer to its end while the user stays at the bottom', async () => {
    // the model holds the rest after part40 until the test has looked where the view is
    const looked = gate();
    app.llm.enqueue({ text: Array.from({ length: 80 }, (_, i) => (i % 8 === 7 ? `part${i}.\n\n` : `part${i} `)), chunkDelayMs: 15, holds: [{ afterChunks: 42, until: looked.promise }] });
    await sendChat(app.page, 'A long answer please');
    await app.page.locator('[data-role="streaming"] .markdown', { hasText: 'part40' }).waitFor();
    const midway = await distanceFromBottom(app);
    looked.open();
    expect(midway).toBeLessThan(48);
    await waitIdle(app.page);
    await app.page.locator('[data-role="assistant"]', { hasText: 'part79.' }).waitFor({ state: 'visible' });
    expect(await distanceFromBottom(app)).toBeLessThan(48);
    expect(await app.page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
  });

  it('stays where the user scrolled to while an answer streams, and follows again on request', async () => {
    // the model holds the answer after bit10 until the user has scrolled away, after bit60 until the test has
    // noted where the view is, and after bit90 until the user asked to follow again (so it is still streaming)
    const scrolledAway = gate();
    const noted = gate();
    const followed = gate();
    app.llm.enqueue({
      text: Array.from({ length: 120 }, (_, i) => (i % 8 === 7 ? `bit${i}.\n\n` : `bit${i} `)),
      chunkDelayMs: 25,
      holds: [
        { afterChunks: 12, until: scrolledAway.promise },
        { afterChunks: 62, until: noted.promise },
        { afterChunks: 92, until: followed.promise },
      ],
    });
    await sendChat(app.page, 'Another long answer');
    await app.page.locator('[data-role="streaming"] .markdown', { hasText: 'bit10' }).waitFor();
    const list = app.page.locator('.messages[role="log"]');
    const box = (await list.boundingBox())!;
    await app.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await app.page.mouse.wheel(0, -1500);
    const follow = app.page.getByRole('button', { name: 'Follow the answer' });
    await follow.waitFor();
    scrolledAway.open();
    await app.page.locator('[data-role="streaming"] .markdown', { hasText: 'bit60' }).waitFor();
    const topWhileAway = await list.evaluate((el) => el.scrollTop);
    noted.open();
    await app.page.locator('[data-role="streaming"] .markdown', { hasText: 'bit90' }).waitFor();
    // the answer grew below; the view did not move
    expect(await list.evaluate((el) => el.scrollTop)).toBe(topWhileAway);
    expect(await distanceFromBottom(app)).toBeGreaterThan(500);
    await follow.click();
    expect(await distanceFromBottom(app)).toBeLessThan(48);
    followed.open();
    await waitIdle(app.page);
    expect(await distanceFromBottom(app)).toBeLessThan(48);
    expect(await app.page.getByRole('button', { name: /Jump to latest|Follow the answer/ }).count()).toBe(0);
  });

  it('lands on the newest message again after switching chats', async () => {
    await app.page.keyboard.press('Control+n');
    await app.page.locator('.conv-title h1', { hasText: 'New chat' }).waitFor();
    await app.page.getByRole('button', { name: /^A long chat/ }).click();
    await app.page.locator('[data-role="assistant"]', { hasText: 'bit119.' }).waitFor({ state: 'visible', timeout: 5000 });
    expect(await distanceFromBottom(app)).toBeLessThan(48);
  });
});
