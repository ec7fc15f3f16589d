// Organising the chat list in the window: pin (button and P), archive and restore (button and A), the Scheduled view
// apart from the user's chats, app-made titles in Chinese in the zh window, and no "Untitled" chat left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appendMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession, getSession, listSessions, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

function seed(app: E2eApp, key: string, title: string, at: number): void {
  const db = app.core.db;
  ensureSession(db, key, at);
  setSessionTitle(db, key, title);
  appendMessage(db, { sessionKey: key, role: 'user', content: `a message in ${title}`, createdAt: at });
}

function seedChats(app: E2eApp): void {
  const now = Date.now();
  seed(app, 'desktop:alpha', 'Alpha', now - 50_000);
  seed(app, 'desktop:beta', 'Beta', now - 40_000);
  seed(app, 'desktop:gamma', 'Gamma', now - 30_000);
  seed(app, 'cron:job1', 'Scheduled: Morning news', now - 20_000);
  seed(app, 'heartbeat:default', 'Heartbeat', now - 10_000);
}

/** The titles of the rows listed now, top to bottom. */
async function listed(page: Page): Promise<string[]> {
  return page.locator('.session-list .session-row .session-title').allInnerTexts();
}

const row = (page: Page, title: string) => page.locator('.session-row', { has: page.locator('.session-title', { hasText: title }) });

async function expectAxeClean(app: E2eApp): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await app.page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    expect(await axeViolations(app.page)).toEqual([]);
  }
}

describe('organising the chat list', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    seedChats(app);
    await app.page.reload();
    await row(app.page, 'Gamma').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists only the user chats by default; Scheduled shows the cron and heartbeat chats', async () => {
    const page = app.page;
    expect(await listed(page)).toEqual(['Gamma', 'Beta', 'Alpha']);
    const views = page.getByRole('radiogroup', { name: 'Show' });
    await views.getByRole('radio', { name: 'Scheduled' }).click();
    await row(page, 'Heartbeat').waitFor();
    expect(await listed(page)).toEqual(['Heartbeat', 'Scheduled: Morning news']);
    await expectAxeClean(app);
    await shootBothThemes(app, page, 'chat-organise-scheduled');
    await views.getByRole('radio', { name: 'Chats' }).click();
    await row(page, 'Alpha').waitFor();
  });

  it('pins a chat with its button and another with P; pinned chats stay on top', async () => {
    const page = app.page;
    await row(page, 'Alpha').hover();
    await page.getByRole('button', { name: 'Pin Alpha' }).click();
    await page.getByRole('button', { name: 'Unpin Alpha' }).waitFor();
    expect(await listed(page)).toEqual(['Alpha', 'Gamma', 'Beta']);
    await row(page, 'Beta').locator('.session-main').focus();
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Unpin Beta' }).waitFor();
    expect(await listed(page)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(await page.locator('.session-group', { hasText: 'Pinned' }).count()).toBe(1);
    expect(getSession(app.core.db, 'desktop:beta')?.meta.pinnedAt).toBeTypeOf('number');
    await expectAxeClean(app);
    await shootBothThemes(app, page, 'chat-organise-pinned');
    // and unpinned again, from the keyboard
    await row(page, 'Beta').locator('.session-main').focus();
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Pin Beta' }).waitFor({ state: 'attached' });
    expect(getSession(app.core.db, 'desktop:beta')?.meta.pinnedAt).toBeUndefined();
  });

  it('archives a chat out of the list and restores it from Archived', async () => {
    const page = app.page;
    await row(page, 'Gamma').hover();
    await page.getByRole('button', { name: 'Archive Gamma' }).click();
    await row(page, 'Gamma').waitFor({ state: 'detached' });
    expect(await listed(page)).not.toContain('Gamma');
    const views = page.getByRole('radiogroup', { name: 'Show' });
    await views.getByRole('radio', { name: 'Archived' }).click();
    await row(page, 'Gamma').waitFor();
    expect(await listed(page)).toEqual(['Gamma']);
    await expectAxeClean(app);
    await shootBothThemes(app, page, 'chat-organise-archived');
    // restored from the keyboard: A on the row
    await row(page, 'Gamma').locator('.session-main').focus();
    await page.keyboard.press('a');
    await row(page, 'Gamma').waitFor({ state: 'detached' });
    expect(await page.locator('.list-note', { hasText: 'No archived chats.' }).count()).toBe(1);
    await views.getByRole('radio', { name: 'Chats' }).click();
    await row(page, 'Gamma').waitFor();
    expect(getSession(app.core.db, 'desktop:gamma')?.meta.archivedAt).toBeUndefined();
  });

  it('keeps no empty chat after New chat and then opening another chat', async () => {
    const page = app.page;
    const before = listSessions(app.core.db).length;
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await page.locator('.conv-title h1', { hasText: 'New chat' }).waitFor();
    expect(listSessions(app.core.db)).toHaveLength(before + 1);
    await row(page, 'Alpha').locator('.session-main').click();
    await page.locator('.conv-title h1', { hasText: 'Alpha' }).waitFor();
    await expect.poll(() => listSessions(app.core.db).length).toBe(before);
    expect(listSessions(app.core.db).filter((s) => s.title === '')).toEqual([]);
    expect(await listed(page)).toEqual(['Alpha', 'Gamma', 'Beta']);
    // after a reload too, no Untitled chat is listed
    await page.reload();
    await row(page, 'Alpha').waitFor();
    expect(await page.locator('.session-row', { hasText: 'Untitled chat' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('organising the chat list in Chinese', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
    seedChats(app);
    await app.page.reload();
    await row(app.page, 'Gamma').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('words the heartbeat and cron titles in Chinese, and a renamed one as typed', async () => {
    const page = app.page;
    const views = page.getByRole('radiogroup', { name: '显示' });
    await views.getByRole('radio', { name: '定时' }).click();
    await row(page, '心跳').waitFor();
    expect(await listed(page)).toEqual(['心跳', '定时任务：Morning news']);
    await row(page, '心跳').locator('.session-main').click();
    await page.locator('.conv-title h1', { hasText: '心跳' }).waitFor();
    await row(page, '心跳').hover();
    await page.getByRole('button', { name: '置顶 心跳' }).waitFor();
    await expectAxeClean(app);
    await shootBothThemes(app, page, 'chat-organise-scheduled-zh');
    // the user's own title stays as typed
    await row(page, 'Morning news').locator('.session-main').focus();
    await page.keyboard.press('F2');
    await page.locator('.session-rename').fill('我的新闻');
    await page.keyboard.press('Enter');
    await row(page, '我的新闻').waitFor();
    expect(getSession(app.core.db, 'cron:job1')?.title).toBe('我的新闻');
    expect(app.pageErrors).toEqual([]);
  });

  it('exports an app-made chat in Chinese: its title, the headings and the first line', async () => {
    const page = app.page;
    await row(page, '心跳').hover();
    const download = page.waitForEvent('download');
    await row(page, '心跳').getByRole('button', { name: '将 心跳 导出为 Markdown' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('心跳.md');
    const markdown = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# 心跳');
    expect(lines[2]).toMatch(/^对话 `heartbeat:default`，导出于 .+。$/);
    expect(markdown).toMatch(/^## 你 — /m);
    expect(markdown).toContain('a message in Heartbeat');
    expect(markdown).not.toMatch(/^## You/m);
  });

  it('pins and archives with Chinese labels', async () => {
    const page = app.page;
    const views = page.getByRole('radiogroup', { name: '显示' });
    await views.getByRole('radio', { name: '对话' }).click();
    await row(page, 'Alpha').hover();
    await page.getByRole('button', { name: '置顶 Alpha' }).click();
    await page.locator('.session-group', { hasText: '已置顶' }).waitFor();
    await row(page, 'Beta').hover();
    await page.getByRole('button', { name: '归档 Beta' }).click();
    await row(page, 'Beta').waitFor({ state: 'detached' });
    await expectAxeClean(app);
    await shootBothThemes(app, page, 'chat-organise-pinned-zh');
  });
});
