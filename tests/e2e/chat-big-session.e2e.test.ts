// A chat of 5,000 messages in real Chromium: paged in to the first message with few rows in the DOM, an answer
// streamed into it token by token (the model holds the rest until the first token is seen), a search hit deep in
// the history paged in and highlighted. The speed of all this is measured in `npm run bench`
// (scripts/bench/renderer-bench.ts), never here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../helpers/scripted-llm-server';
import { BIG_COUNT, BIG_TITLE, allPagedInElseScrollUp, scrollToTop, seedBigSession } from './helpers/big-session';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

/** Rows a virtualised list of this window size renders (the visible ones and the overscan), far below 5,000. */
const FEW_ROWS = 80;

describe('a chat of 5,000 messages', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ viewport: { width: 1200, height: 800 } });
    seedBigSession(app);
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('pages every older message in as the user scrolls up, keeping few rows in the DOM', async () => {
    await app.page.getByRole('button', { name: new RegExp(`^${BIG_TITLE}`) }).click();
    await app.page.locator('[data-role="assistant"]', { hasText: `Answer ${BIG_COUNT - 1}` }).waitFor();
    expect(await app.page.locator('.list-loader').count()).toBe(1);
    // Scroll to the top on every frame until no older page is left to load.
    await app.page.waitForFunction(allPagedInElseScrollUp, undefined, { polling: 'raf', timeout: 50_000 });
    await app.page.evaluate(scrollToTop);
    await app.page.locator('[data-role="user"]', { hasText: 'Question 0:' }).waitFor();
    expect(await app.page.locator('.msg-slot').count()).toBeLessThan(FEW_ROWS);
  });

  it('streams an answer into it token by token, still with few rows in the DOM', async () => {
    await app.page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('.messages')!;
      list.scrollTop = list.scrollHeight;
      list.dispatchEvent(new Event('scroll'));
    });
    const rest = gate();
    const words = Array.from({ length: 300 }, (_, i) => (i % 40 === 39 ? `word${i}.\n\n` : i % 17 === 0 ? `**word${i}** ` : `word${i} `));
    // the role chunk and the first word go out; the other 299 words wait until the first is on screen
    app.llm.enqueue({ text: words, holds: [{ afterChunks: 2, until: rest.promise }] });
    await sendChat(app.page, 'Stream a long answer please');
    const streaming = app.page.locator('[data-role="streaming"]');
    await streaming.locator('.markdown', { hasText: 'word0' }).first().waitFor();
    expect(await streaming.innerText()).not.toContain('word1');
    rest.open();
    await waitForAnswer(app.page, 'word299', 30_000);
    expect(await app.page.locator('.msg-slot').count()).toBeLessThan(FEW_ROWS);
    await shootBothThemes(app, app.page, 'chat-5000');
    expect(app.pageErrors).toEqual([]);
  });

  it('a search hit deep in the history is paged in, scrolled to and highlighted', async () => {
    // a fresh page: only the newest 200 messages are loaded until the hit asks for more
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await app.page.getByRole('searchbox', { name: 'Search all messages' }).fill('"thing number 0"');
    const results = app.page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('button', { name: new RegExp(BIG_TITLE) }).first();
    await hit.waitFor();
    await hit.click();
    const row = app.page.locator('.msg-slot[data-highlight="true"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('.bubble').innerText()).toBe('Question 0: how do I do thing number 0?');
    const box = await row.boundingBox();
    expect(box && box.y > 0 && box.y < 800).toBe(true);
    await app.page.getByRole('button', { name: 'Jump to latest' }).waitFor();
    await shootBothThemes(app, app.page, 'chat-search-hit');
    await app.page.getByRole('button', { name: 'Jump to latest' }).click();
    await app.page.locator('[data-role="assistant"]', { hasText: 'word299' }).waitFor();
  });
});
