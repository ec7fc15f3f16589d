// Versions on edit and regenerate, in real Chromium: an edited message keeps the earlier branch (‹ 2/2 ›, arrow keys,
// labelled buttons), the earlier version comes back whole, a follow-up there sends the model only the branch shown,
// a regenerated answer keeps the first one too, and export follows the branch shown. English and Chinese, both
// themes, axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

/** The user messages the model received in its last request (without the runtime context the newest one carries). */
function sentQuestions(app: E2eApp): string[] {
  const messages = app.llm.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
  return messages.filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)).split('\n\n[Runtime context')[0]!);
}

async function shownTexts(page: Page): Promise<string[]> {
  return page.locator('[data-role="user"] .bubble, [data-role="assistant"] .markdown').allInnerTexts();
}

/** The switcher takes the focus back once the chat has redrawn (a frame later); fails if it never does. */
async function focusOnSwitcher(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.closest('.versions') !== null, undefined, { timeout: 5000 });
}

async function editMessage(page: Page, from: string, to: string, label: string, editedLabel: string): Promise<void> {
  const message = page.locator('[data-role="user"]', { hasText: from });
  await message.hover();
  await message.getByRole('button', { name: label }).click();
  const editor = page.getByRole('textbox', { name: editedLabel });
  await editor.fill(to);
  await editor.press('Enter');
}

describe('message versions', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an edit keeps the earlier branch: ‹ 2/2 ›, back to 1/2 shows the old answers', async () => {
    const { page } = app;
    app.llm.enqueue({ text: 'Apple.' }, { text: 'Red.' });
    await sendChat(page, 'Name a fruit');
    await waitForAnswer(page, 'Apple.');
    await sendChat(page, 'And its colour?');
    await waitForAnswer(page, 'Red.');

    app.llm.enqueue({ text: 'Carrot.' });
    await editMessage(page, 'Name a fruit', 'Name a vegetable', 'Edit and resend', 'Edited message');
    await waitForAnswer(page, 'Carrot.');
    const versions = page.getByRole('group', { name: 'Versions of this message' });
    await versions.filter({ hasText: 'Version 2 of 2' }).waitFor();
    expect(await shownTexts(page)).toEqual(['Name a vegetable', 'Carrot.']);
    expect(await versions.getByRole('button', { name: 'Next version' }).isDisabled()).toBe(true);
    await shootBothThemes(app, page, 'versions-edited');
    expect(await axeViolations(page)).toEqual([]);

    await versions.getByRole('button', { name: 'Previous version' }).click();
    await versions.filter({ hasText: 'Version 1 of 2' }).waitFor();
    expect(await shownTexts(page)).toEqual(['Name a fruit', 'Apple.', 'And its colour?', 'Red.']);
    // the focus stays on the switcher, and → goes forward again, ← back
    await focusOnSwitcher(page);
    await page.keyboard.press('ArrowRight');
    await versions.filter({ hasText: 'Version 2 of 2' }).waitFor();
    expect(await shownTexts(page)).toEqual(['Name a vegetable', 'Carrot.']);
    await focusOnSwitcher(page);
    await page.keyboard.press('ArrowLeft');
    await versions.filter({ hasText: 'Version 1 of 2' }).waitFor();
    await shootBothThemes(app, page, 'versions-first');
  });

  it('a follow-up on the version shown sends the model only that branch', async () => {
    const { page } = app;
    app.llm.enqueue({ text: 'Round.' });
    await sendChat(page, 'And its shape?');
    await waitForAnswer(page, 'Round.');
    expect(sentQuestions(app)).toEqual(['Name a fruit', 'And its colour?', 'And its shape?']);
    expect(await shownTexts(page)).toEqual(['Name a fruit', 'Apple.', 'And its colour?', 'Red.', 'And its shape?', 'Round.']);
  });

  it('regenerate keeps the first answer as version 1; export follows the branch shown', async () => {
    const { page } = app;
    const answer = page.locator('[data-role="assistant"]', { hasText: 'Round.' });
    await answer.hover();
    app.llm.enqueue({ text: 'Spherical.' });
    await answer.getByRole('button', { name: 'Regenerate the answer' }).click();
    await waitForAnswer(page, 'Spherical.');
    const answerVersions = page.locator('[data-role="assistant"]', { hasText: 'Spherical.' }).getByRole('group', { name: 'Versions of this message' });
    await answerVersions.filter({ hasText: 'Version 2 of 2' }).waitFor();
    await answerVersions.getByRole('button', { name: 'Previous version' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-role="assistant"]', { hasText: 'Round.' }).waitFor();
    expect(await page.locator('[data-role="assistant"]', { hasText: 'Spherical.' }).count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export .* as markdown$/ }).first().click();
    const file = await download;
    const markdown = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    expect(markdown).toContain('Round.');
    expect(markdown).not.toContain('Spherical.');
    expect(markdown).not.toContain('Carrot.');
    expect(app.pageErrors).toEqual([]);
  });
});

describe('message versions, in Chinese', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
    await app.page.getByRole('textbox', { name: '消息' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('labels the versions in Chinese', async () => {
    const { page } = app;
    app.llm.enqueue({ text: '苹果。' });
    const box = page.getByRole('textbox', { name: '消息' });
    await box.fill('说一种水果');
    await box.press('Enter');
    await page.locator('[data-role="assistant"] .markdown', { hasText: '苹果。' }).waitFor();
    await page.getByRole('button', { name: '发送消息' }).waitFor();
    app.llm.enqueue({ text: '胡萝卜。' });
    const message = page.locator('[data-role="user"]', { hasText: '说一种水果' });
    await message.hover();
    await message.locator('.msg-tools button').last().click();
    const editor = page.locator('.msg-edit textarea');
    expect(await page.locator('.msg-edit').innerText()).toContain('新版本');
    await editor.fill('说一种蔬菜');
    await editor.press('Enter');
    const versions = page.getByRole('group', { name: '这条消息的版本' });
    await versions.filter({ hasText: '第 2 版，共 2 版' }).waitFor();
    expect(await versions.getByRole('button', { name: '上一版本' }).count()).toBe(1);
    await shootBothThemes(app, page, 'versions-zh');
    expect(await axeViolations(page)).toEqual([]);
  });
});
