// Search lands on the hit: from another chat, Ctrl+K and a word of an old answer's table (behind a tool card, under
// 300 newer messages) opens that chat scrolled to the word, highlighted, focused and announced; a word deep in a
// folded paste unfolds it. Snippets read as plain text. English and Chinese, both themes, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appendMessage, appendMessages } from '../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

const ISLANDS = 'desktop:islands';
const OTHER = 'desktop:other';

const TABLE_ANSWER = [
  'Here is what the notes say about the islands.',
  '',
  'Some background first. '.repeat(40),
  '',
  '| Island | Animal | Count |',
  '|---|---|---|',
  '| Rottnest | **Quokka** | 12,000 |',
  '| Kangaroo | Koala | 50,000 |',
  '',
  'And a long closing paragraph. '.repeat(60),
].join('\n');

const PASTE = Array.from({ length: 120 }, (_, i) => (i === 95 ? 'line 95: the wombat digs a burrow' : `line ${i}: nothing to see here`)).join('\n');

function seed(app: E2eApp): void {
  const db = app.core.db;
  const t0 = Date.now() - 1_000_000;
  ensureSession(db, ISLANDS, t0);
  setSessionTitle(db, ISLANDS, 'Island animals');
  appendMessage(db, { sessionKey: ISLANDS, turnId: 't1', role: 'user', content: 'Which animals live on the islands?', createdAt: t0 });
  appendMessages(db, [
    { sessionKey: ISLANDS, turnId: 't1', role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"islands.md"}' }], createdAt: t0 + 1 },
    { sessionKey: ISLANDS, turnId: 't1', role: 'tool', content: 'Rottnest: quokkas. Kangaroo Island: koalas.', toolCallId: 'call_1', name: 'read_file', createdAt: t0 + 2 },
  ]);
  appendMessage(db, { sessionKey: ISLANDS, turnId: 't1', role: 'assistant', content: TABLE_ANSWER, createdAt: t0 + 3 });
  appendMessage(db, { sessionKey: ISLANDS, turnId: 't2', role: 'user', content: PASTE, createdAt: t0 + 4 });
  appendMessage(db, { sessionKey: ISLANDS, turnId: 't2', role: 'assistant', content: 'Noted.', createdAt: t0 + 5 });
  for (let i = 0; i < 150; i++) {
    appendMessage(db, { sessionKey: ISLANDS, role: 'user', content: `Question ${i}?`, createdAt: t0 + 10 + i * 2 });
    appendMessage(db, { sessionKey: ISLANDS, role: 'assistant', content: `Answer ${i}.\n\n${'More words. '.repeat(20 + (i % 40))}`, createdAt: t0 + 11 + i * 2 });
  }
  ensureSession(db, OTHER, Date.now());
  setSessionTitle(db, OTHER, 'Other chat');
  appendMessage(db, { sessionKey: OTHER, role: 'user', content: 'Hello there', createdAt: Date.now() });
}

/** The highlighted words, whether they are inside the conversation's visible box, and the focused message's text. */
async function landing(page: Page): Promise<{ highlighted: string; visible: boolean; focusedHasIt: boolean }> {
  return page.evaluate(() => {
    const scroller = document.querySelector('.messages[role="log"]')!.getBoundingClientRect();
    const highlight = CSS.highlights.get('search-hit');
    const range = highlight ? ([...highlight][0] as Range) : undefined;
    const rect = range?.getBoundingClientRect();
    const highlighted = range?.toString() ?? '';
    const visible = Boolean(rect && rect.height > 0 && rect.top >= scroller.top && rect.bottom <= scroller.bottom);
    const focused = document.activeElement?.closest('.msg-slot');
    return { highlighted, visible, focusedHasIt: Boolean(focused && highlighted && focused.textContent?.includes(highlighted)) };
  });
}

async function searchAndOpen(page: Page, word: string, dialogName: string): Promise<string> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: dialogName });
  await palette.waitFor();
  await page.keyboard.type(word);
  const hit = palette.locator('li.search-hit', { has: page.locator('mark') }).first();
  await hit.waitFor();
  const snippet = await hit.locator('.search-snippet').innerText();
  // no chat title holds the word: the first option is the message hit
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'detached' });
  return snippet;
}

describe('search lands on the hit', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    seed(app);
    await app.page.reload();
    await app.page.getByRole('button', { name: /^Other chat/ }).click();
    await app.page.locator('.conv-title h1', { hasText: 'Other chat' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens an old answer at the word of its table, highlighted, focused and announced', async () => {
    const snippet = await searchAndOpen(app.page, 'quokka', 'Search chats');
    expect(snippet).toContain('Quokka');
    expect(snippet).not.toMatch(/[|*]/);
    await app.page.locator('.conv-title h1', { hasText: 'Island animals' }).waitFor();
    await app.page.getByTestId('search-landing').filter({ hasText: 'Showing the match “Quokka”' }).waitFor();
    expect(await landing(app.page)).toEqual({ highlighted: 'Quokka', visible: true, focusedHasIt: true });
    // the tool card of that turn is in the list above it
    expect(await app.page.locator('[data-role="tool"]').count()).toBeGreaterThan(0);
    await shootBothThemes(app, app.page, 'search-landing-table');
    expect(await axeViolations(app.page)).toEqual([]);
  });

  it('unfolds a long paste to show a word deep inside it', async () => {
    await app.page.getByRole('button', { name: /^Other chat/ }).click();
    await app.page.locator('.conv-title h1', { hasText: 'Other chat' }).waitFor();
    await searchAndOpen(app.page, 'wombat', 'Search chats');
    await app.page.getByTestId('search-landing').filter({ hasText: 'Showing the match “wombat”' }).waitFor();
    expect(await landing(app.page)).toEqual({ highlighted: 'wombat', visible: true, focusedHasIt: true });
    expect(await app.page.getByRole('button', { name: 'Show less' }).count()).toBe(1);
    await shootBothThemes(app, app.page, 'search-landing-paste');
  });

  it('still lands on the newest message when a chat is opened from the list', async () => {
    await app.page.getByRole('button', { name: /^Other chat/ }).click();
    await app.page.getByRole('button', { name: /^Island animals/ }).click();
    const newest = app.page.locator('[data-role="assistant"]', { hasText: 'Answer 149.' });
    await newest.waitFor({ state: 'visible' });
    const distance = await app.page.evaluate(() => {
      const el = document.querySelector('.messages[role="log"]')!;
      return el.scrollHeight - el.scrollTop - el.clientHeight;
    });
    expect(distance).toBeLessThan(48);
  });
});

describe('search lands on the hit, in Chinese', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
    seed(app);
    await app.page.reload();
    await app.page.getByRole('button', { name: /^Other chat/ }).click();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('announces the landing in Chinese', async () => {
    await app.page.locator('.conv-title h1', { hasText: 'Other chat' }).waitFor();
    await searchAndOpen(app.page, 'quokka', '搜索对话');
    await app.page.getByTestId('search-landing').filter({ hasText: '已定位到匹配内容“Quokka”' }).waitFor();
    expect(await landing(app.page)).toEqual({ highlighted: 'Quokka', visible: true, focusedHasIt: true });
    await shootBothThemes(app, app.page, 'search-landing-zh');
    expect(await axeViolations(app.page)).toEqual([]);
  });
});
