// A file the agent wrote opens from its tool card, in real Chromium through the browser host: a workspace markdown
// file in the Memory editor, any other text file in a read-only viewer (Esc closes it, the focus returns to Open).
// The approval card shows the content as text with its real line breaks. Approval mode `ask` (the card is looked at).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { axeViolations } from './helpers/axe';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

const TODO = '# Todo\n\n- buy milk\n- call Ana\n';
const APP_PY = 'def main():\n    print("hello")\n\nmain()\n';

/** Serious or critical axe findings, in the light and the dark theme. */
async function seriousInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const v of await axeViolations(page)) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${theme}: ${v.id} ${v.targets.join(', ')}`);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  return found;
}

/** The model writes `path` with `content`; the user allows it once from the approval card. */
async function writeAndAllow(app: E2eApp, path: string, content: string, words: { message: string; allow: string }): Promise<void> {
  app.llm.enqueue({ toolCalls: [{ id: `call_${path}`, name: 'write_file', arguments: { path, content } }] }, { text: `Wrote ${path}.` });
  const box = app.page.getByRole('textbox', { name: words.message, exact: true });
  await box.fill(`Write ${path}`);
  await box.press('Enter');
  const approval = app.page.getByRole('group', { name: /write_file/ });
  await approval.getByRole('button', { name: words.allow, exact: true }).click();
  await app.page.getByRole('log').getByText(`Wrote ${path}.`, { exact: true }).waitFor();
}

describe('opening a file the agent wrote (English)', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ approvalMode: 'ask' });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the content on the approval card as text with real line breaks', async () => {
    app.llm.enqueue({ toolCalls: [{ id: 'call_todo', name: 'write_file', arguments: { path: 'notes/todo.md', content: TODO } }] }, { text: 'Todo written.' });
    await sendChat(app.page, 'Write my todo list');
    const approval = app.page.getByRole('group', { name: /Allow write_file\?/ });
    const shown = await approval.getByLabel('Arguments').innerText();
    expect(shown).toContain('- buy milk\n- call Ana');
    expect(shown).not.toContain('\\n');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await waitForAnswer(app.page, 'Todo written.');
  });

  it('opens a markdown file in the Memory editor', async () => {
    const open = app.page.getByRole('button', { name: 'Open notes/todo.md' });
    await open.focus();
    await app.page.keyboard.press('Enter');
    const editor = app.page.getByRole('textbox', { name: 'Text of notes/todo.md' });
    await editor.waitFor();
    expect(await editor.inputValue()).toBe(TODO);
    await shootBothThemes(app, app.page, 'open-written-file-memory');
    expect(await seriousInBothThemes(app.page)).toEqual([]);
  });

  it('opens any other text file in a read-only viewer, from the keyboard', async () => {
    await app.page.getByRole('button', { name: 'Chat', exact: true }).first().click();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await writeAndAllow(app, 'src/app.py', APP_PY, { message: 'Message', allow: 'Allow once' });
    const open = app.page.getByRole('button', { name: 'Open src/app.py' });
    await open.focus();
    await app.page.keyboard.press('Enter');
    const viewer = app.page.getByRole('dialog', { name: 'src/app.py' });
    await viewer.waitFor();
    expect(await viewer.getByLabel('src/app.py', { exact: true }).innerText()).toBe(APP_PY);
    expect(await viewer.innerText()).toContain('Read-only');
    await shootBothThemes(app, app.page, 'open-written-file-viewer');
    expect(await seriousInBothThemes(app.page)).toEqual([]);
    await app.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('opening a file the agent wrote (Chinese)', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ approvalMode: 'ask', locale: 'zh-CN' });
    await app.page.getByRole('textbox', { name: '消息', exact: true }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens the viewer with Chinese words, axe clean', async () => {
    await writeAndAllow(app, 'src/app.py', APP_PY, { message: '消息', allow: '允许一次' });
    await app.page.getByRole('button', { name: '打开 src/app.py' }).click();
    const viewer = app.page.getByRole('dialog', { name: 'src/app.py' });
    await viewer.waitFor();
    expect(await viewer.innerText()).toContain('只读');
    expect(await viewer.getByRole('button', { name: '关闭' }).count()).toBe(1);
    await shootBothThemes(app, app.page, 'open-written-file-viewer-zh');
    expect(await seriousInBothThemes(app.page)).toEqual([]);
  });
});
