// Approvals from the keyboard, in real Chromium: a new request takes the focus unless the user is typing (then Esc
// in the composer, shown on the card, goes there), Y / N / D act from the card, the focus then returns to the
// composer (never <body>), and "Deny with a note" sends the user's reason to the model. Main window and quick ask,
// English and Chinese, both themes, axe clean.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

/** What has the focus: the composer, an approval card, the note box, <body>, or another element's tag. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (el.matches('textarea[data-composer]')) return 'composer';
    if (el.matches('.approval-card')) return 'card';
    if (el.closest('.deny-note') && el.tagName === 'TEXTAREA') return 'note';
    if (el.closest('.approval-card')) return `in-card:${el.textContent ?? ''}`;
    return el.tagName.toLowerCase();
  });
}

/** The last tool result the model received. */
function lastToolResult(app: E2eApp): string {
  const messages = app.llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
  return messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
}

const write = (path: string, delayMs = 0) => ({ toolCalls: [{ name: 'write_file', arguments: { path, content: 'x\n' } }], ...(delayMs ? { delayMs } : {}) });

describe('approvals from the keyboard', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a new request takes the focus from an empty composer; Y allows and the focus returns to the composer', async () => {
    const { page } = app;
    app.llm.enqueue(write('one.md'), { text: 'Wrote one.' });
    await sendChat(page, 'Write one.md');
    const card = page.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('approval-card'));
    expect(await card.innerText()).toContain('D deny with a note');
    await page.keyboard.press('y');
    await waitForAnswer(page, 'Wrote one.');
    expect(existsSync(join(app.core.workspace(), 'one.md'))).toBe(true);
    expect(await focused(page)).toBe('composer');
  });

  it('leaves someone typing alone; Esc in the composer goes to the card, N denies, the draft stays', async () => {
    const { page } = app;
    app.llm.enqueue(write('two.md', 400), { text: 'Did not write two.' });
    await sendChat(page, 'Write two.md');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('my next ques');
    const card = page.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    expect(await focused(page)).toBe('composer');
    expect(await card.innerText()).toContain('Esc in the message box comes here');
    await shootBothThemes(app, page, 'approval-keyboard-typing');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('card');
    await page.keyboard.press('n');
    await waitForAnswer(page, 'Did not write two.');
    expect(lastToolResult(app)).toBe('Error: the user denied write_file');
    expect(await focused(page)).toBe('composer');
    expect(await box.inputValue()).toBe('my next ques');
    await box.fill('');
  });

  it('D opens a note; Enter denies with it and the model reads it as the user\'s words', async () => {
    const { page } = app;
    app.llm.enqueue(write('three.md'), { text: 'Understood, notes.md then.' });
    await sendChat(page, 'Write three.md');
    const card = page.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('approval-card'));
    await page.keyboard.press('d');
    expect(await focused(page)).toBe('note');
    await page.keyboard.type('Not that file.');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Use notes.md instead');
    await shootBothThemes(app, page, 'approval-deny-note');
    expect(await axeViolations(page, '.approval-card')).toEqual([]);
    await page.keyboard.press('Enter');
    await waitForAnswer(page, 'Understood, notes.md then.');
    expect(lastToolResult(app)).toBe("Error: the user denied write_file, and wrote why (the user's own words):\n> Not that file.\n> Use notes.md instead");
    expect(existsSync(join(app.core.workspace(), 'three.md'))).toBe(false);
    expect(await focused(page)).toBe('composer');
  });

  it('Esc in the note goes back to the card without answering', async () => {
    const { page } = app;
    app.llm.enqueue(write('four.md'), { text: 'Wrote four.' });
    await sendChat(page, 'Write four.md');
    const card = page.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    await card.getByRole('button', { name: 'Deny with a note…' }).click();
    expect(await focused(page)).toBe('note');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('card');
    expect(await card.getByRole('button', { name: 'Allow once' }).count()).toBe(1);
    await page.keyboard.press('y');
    await waitForAnswer(page, 'Wrote four.');
    expect(await focused(page)).toBe('composer');
  });
});

describe('approvals from the keyboard, in quick ask', () => {
  let app: E2eApp;
  let quick: Page;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    quick = await app.openPage('/quick.html');
    await quick.setViewportSize({ width: 560, height: 420 });
    await quick.getByLabel('Ask Nanotray').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('D and a note deny from the popup; the focus returns to its input', async () => {
    app.llm.enqueue(write('quick.md'), { text: 'Fine, I left it.' });
    const input = quick.getByLabel('Ask Nanotray');
    await input.fill('Write quick.md');
    await input.press('Enter');
    const card = quick.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    await quick.waitForFunction(() => document.activeElement?.textContent === 'Allow once');
    await quick.keyboard.press('d');
    await quick.keyboard.type('Not now');
    await shootBothThemes(app, quick, 'quick-ask-deny-note');
    await quick.keyboard.press('Enter');
    await quick.locator('.quick-answer', { hasText: 'Fine, I left it.' }).waitFor();
    expect(lastToolResult(app)).toBe("Error: the user denied write_file, and wrote why (the user's own words):\n> Not now");
    expect(await focused(quick)).toBe('composer');
  });

  it('Esc in the input goes to the waiting card instead of closing the popup', async () => {
    app.llm.enqueue(write('later.md', 400), { text: 'Left it.' });
    const input = quick.getByLabel('Ask Nanotray');
    await input.fill('Write later.md');
    await input.press('Enter');
    await input.pressSequentially('typing');
    const card = quick.locator('.approval-dock').getByRole('group', { name: /Allow write_file\?/ });
    await card.waitFor();
    expect(await focused(quick)).toBe('composer');
    await quick.keyboard.press('Escape');
    expect(await focused(quick)).toBe('in-card:Allow once');
    await quick.keyboard.press('n');
    await quick.locator('.quick-answer', { hasText: 'Left it.' }).waitFor();
    expect(await focused(quick)).toBe('composer');
  });
});

describe('approvals from the keyboard, in Chinese', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN', config: { tools: { approval: { mode: 'ask' } } } });
    await app.page.getByRole('textbox', { name: '消息' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers the note in Chinese and sends it', async () => {
    const { page } = app;
    app.llm.enqueue(write('zh.md'), { text: '好的。' });
    const box = page.getByRole('textbox', { name: '消息' });
    await box.fill('写 zh.md');
    await box.press('Enter');
    const card = page.locator('.approval-dock .approval-card');
    await card.waitFor();
    expect(await card.innerText()).toContain('D 拒绝并说明');
    await card.getByRole('button', { name: '拒绝并说明…' }).click();
    await page.getByLabel('原因？模型会随拒绝一起读到').fill('不要写这个文件');
    await shootBothThemes(app, page, 'approval-deny-note-zh');
    expect(await axeViolations(page, '.approval-card')).toEqual([]);
    await card.getByRole('button', { name: '拒绝并发送说明' }).click();
    await page.locator('[data-role="assistant"] .markdown', { hasText: '好的。' }).waitFor();
    expect(lastToolResult(app)).toContain('> 不要写这个文件');
    expect(await focused(page)).toBe('composer');
  });
});
