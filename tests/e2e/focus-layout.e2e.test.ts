// Keyboard focus and layout in real Chromium: a view switch focuses the view's main control (never <body>), a
// rename finished with Enter returns focus to the row, a new approval takes focus only when nothing has it, toasts
// never cover the composer, and below 900 px the chat list is a drawer opened from the header.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, waitForAnswer } from './ui-helpers';

async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('aria-label') ?? el.id ?? el.tagName;
  });
}

describe('focus and layout', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    app.llm.enqueue({ text: 'Hello there.' });
    await sendChat(app.page, 'hi');
    await waitForAnswer(app.page, 'Hello there.');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a view switch focuses the view’s main control', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Runtime', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'rt-session-pick');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    await page.keyboard.press('Control+1');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message');
  });

  it('a rename finished with Enter keeps focus on the renamed chat', async () => {
    const { page } = app;
    const row = page.locator('.session-row').first();
    await row.locator('.session-main').focus();
    await page.keyboard.press('F2');
    const input = page.getByRole('textbox', { name: /^New name for/ });
    await input.fill('Greetings');
    await input.press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('session-main') && document.activeElement.textContent?.includes('Greetings'));
  });

  it('a new approval takes focus when nothing has it, and leaves the composer alone', async () => {
    const { page } = app;
    // the request comes a moment after the send, once the composer has let go of focus
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'echo one' } }], delayMs: 600 }, { text: 'One.' });
    await sendChat(page, 'first');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const card = page.locator('.approval-dock .approval-card');
    await card.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('approval-card'));
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForAnswer(page, 'One.');

    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'echo two' } }] }, { text: 'Two.' });
    await sendChat(page, 'second');
    await page.getByRole('textbox', { name: 'Message' }).fill('typing meanwhile');
    await card.waitFor();
    await page.waitForTimeout(200);
    expect(await focused(page)).toBe('Message');
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForAnswer(page, 'Two.');
  });

  it('toasts never cover the composer', async () => {
    const { page } = app;
    app.core.events.emit({ type: 'notify', kind: 'heartbeat', title: 'Report', body: 'A long line of report text to make the toast tall.', sessionKey: '' });
    const toast = page.locator('.toast').first();
    await toast.waitFor();
    const [t, c] = await Promise.all([toast.boundingBox(), page.locator('.composer').boundingBox()]);
    expect(t && c).toBeTruthy();
    expect(t!.y + t!.height <= c!.y || t!.y >= c!.y + c!.height || t!.x >= c!.x + c!.width).toBe(true);
  });

  it('a toast with a body line stays one line in the header band, below the banner, and opens up on hover', async () => {
    const { page } = app;
    for (const close of await page.locator('.toast').getByRole('button', { name: 'Dismiss notification' }).all()) await close.click();
    const body = 'The morning report found three new invoices and one reminder that is due today, with more to say.';
    app.core.events.emit({ type: 'notify', kind: 'heartbeat', title: 'Report', body, sessionKey: '' });
    const toast = page.locator('.toast', { hasText: 'Report' });
    await toast.waitFor();
    // the first report offers desktop notifications in a banner above the header
    const banner = page.locator('.banner').first();
    await banner.waitFor();
    await page.mouse.move(5, 700);
    const [t, b, head, list] = await Promise.all([toast.boundingBox(), banner.boundingBox(), page.locator('.conversation .view-head').boundingBox(), page.locator('.messages').first().boundingBox()]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'toast-below-banner.png') });
    expect(t!.y).toBeGreaterThanOrEqual(b!.y + b!.height);
    expect(t!.y).toBeGreaterThanOrEqual(head!.y);
    expect(t!.y + t!.height).toBeLessThanOrEqual(head!.y + head!.height);
    expect(t!.y + t!.height).toBeLessThanOrEqual(list!.y);
    expect(t!.x + t!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await toast.locator('.toast-text').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // pointing at it shows the whole text
    await toast.hover();
    await expect.poll(() => toast.locator('.toast-text').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await toast.locator('.toast-text').innerText()).toBe(body);
  });

  it('below 900 px the chat list is a drawer', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 820, height: 640 });
    const list = page.getByRole('complementary', { name: 'Chats' });
    await list.waitFor({ state: 'hidden' });
    const toggle = page.getByRole('button', { name: 'Chats', exact: true });
    await toggle.click();
    await list.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1200, height: 800 });
    expect(await list.isVisible()).toBe(true);
    expect(await toggle.isVisible()).toBe(false);
  });
});
