// Settings that apply as they change, in real Chromium through the browser host: theme and language at once with no
// Save, a plain choice written to config.json at once with Undo in the toast, labels in plain words with the config
// key secondary, and the toast where it covers no conversation — light and dark, English and Chinese, axe clean.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, waitForAnswer } from './ui-helpers';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Serious or critical axe findings and a screenshot, in both themes. */
async function checkBothThemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const v of await axeViolations(page)) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${name}/${theme}: ${v.id} ${v.targets.slice(0, 3).join(' | ')}`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`) });
  }
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, original);
  return found;
}

describe('settings apply as they change', () => {
  let app: E2eApp;
  const form = () => app.page.getByRole('form', { name: /Settings|设置/ });
  const toasts = () => app.page.getByRole('region', { name: /Notifications|通知/ });

  async function openSettings(name = 'Settings'): Promise<void> {
    await app.page.getByRole('button', { name, exact: true }).click();
    await form().waitFor();
  }

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    app.llm.enqueue({ text: 'A short answer, so the newest message sits near the top of the list.' });
    await sendChat(app.page, 'Hello there');
    await waitForAnswer(app.page, 'A short answer');
    await openSettings();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('labels speak plain words; the config key is a small secondary hint', async () => {
    const raw = await form().evaluate((el) =>
      [...el.querySelectorAll('label, legend')]
        .map((node) => {
          const copy = node.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('.config-key, input, select, textarea').forEach((k) => k.remove());
          return copy.textContent ?? '';
        })
        .filter((text) => /\b[a-z]{2,}[A-Z][a-z]+\w*\b|\b\w+\.\w+\.\w+\b|\b_\w+/.test(text)),
    );
    expect(raw).toEqual([]);
    const allowSet = app.page.locator('label', { has: app.page.getByRole('checkbox', { name: /Allow runtime changes/ }) });
    expect((await allowSet.innerText()).startsWith('Allow runtime changes')).toBe(true);
    const key = allowSet.locator('.config-key');
    expect(await key.innerText()).toBe('tools.my.allowSet');
    const [keySize, labelSize] = await allowSet.evaluate((label) => [
      parseFloat(getComputedStyle(label.querySelector('.config-key')!).fontSize),
      parseFloat(getComputedStyle(label.querySelector('strong, span') ?? label).fontSize),
    ]);
    expect(keySize).toBeLessThan(labelSize);
    expect(await app.page.getByText('Choices apply as you make them. Typed fields are saved together with “Save changes”.').count()).toBe(1);
  });

  it('the theme applies at once, with no Save', async () => {
    expect(await app.page.evaluate(() => document.documentElement.dataset.theme)).not.toBe('dark');
    await app.page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => app.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => app.core.config().ui.theme).toBe('dark');
    expect(await app.page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await toasts().getByText('“Theme” saved').waitFor();
    await app.page.getByLabel('Theme').selectOption('light');
    await expect.poll(() => app.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(() => app.core.config().ui.theme).toBe('light');
  });

  it('a plain choice is saved at once, and Undo in its toast puts the previous value back', async () => {
    const before = app.core.config().tools.restrictToWorkspace;
    const box = app.page.getByRole('checkbox', { name: /Keep file tools inside the workspace/ });
    expect(await box.isChecked()).toBe(before);
    await box.click();
    await expect.poll(() => app.core.config().tools.restrictToWorkspace).toBe(!before);
    const toast = toasts().locator('.toast', { hasText: '“Keep file tools inside the workspace” saved' });
    await toast.waitFor();
    const found = await checkBothThemes(app.page, 'settings-live-undo-en');
    expect(found).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => app.core.config().tools.restrictToWorkspace).toBe(before);
    await toasts().getByText('“Keep file tools inside the workspace” put back').waitFor();
    expect(await box.isChecked()).toBe(before);
    expect(app.pageErrors).toEqual([]);
  });

  it('a choice writes only itself: typed edits waiting for Save stay unsaved and in place', async () => {
    const minutes = app.page.getByLabel('Every (minutes)');
    const stored = app.core.config().heartbeat.intervalMinutes;
    await minutes.fill('77');
    await app.page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => app.core.config().ui.theme).toBe('dark');
    expect(app.core.config().heartbeat.intervalMinutes).toBe(stored);
    expect(await minutes.inputValue()).toBe('77');
    await app.page.getByText('You have unsaved changes.').waitFor();
    expect(await app.page.getByText('Settings changed elsewhere while you were editing').count()).toBe(0);
    await app.page.getByRole('button', { name: 'Discard' }).click();
    expect(await minutes.inputValue()).toBe(String(stored));
    await app.page.getByLabel('Theme').selectOption('light');
    await expect.poll(() => app.core.config().ui.theme).toBe('light');
  });

  it('the toast sits where it covers no conversation', async () => {
    await app.page.getByRole('checkbox', { name: /Allow runtime changes/ }).click();
    await expect.poll(() => app.core.config().tools.my.allowSet).toBe(true);
    const toast = toasts().locator('.toast', { hasText: '“Allow runtime changes” saved' });
    await toast.waitFor();
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    const last = app.page.locator('[data-role="assistant"], [data-role="user"]').last();
    await last.waitFor();
    await app.page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-live-toast-over-chat.png') });
    expect(await toasts().locator('.toast').count()).toBe(1);
    const toastBox = (await toast.boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    const userBox = (await app.page.locator('[data-role="user"]').last().boundingBox())!;
    const listBox = (await app.page.locator('.messages').first().boundingBox())!;
    expect(overlaps(toastBox, lastBox)).toBe(false);
    expect(overlaps(toastBox, userBox)).toBe(false);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(listBox.y);
  });

  it('the language applies at once: the window and the toast speak Chinese', async () => {
    await openSettings();
    await app.page.getByLabel('Language').selectOption('zh');
    await app.page.getByRole('button', { name: '对话', exact: true }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => app.core.config().ui.language).toBe('zh');
    const toast = toasts().locator('.toast', { hasText: '“语言”已保存' });
    await toast.waitFor();
    expect(await toast.getByRole('button', { name: '撤销' }).count()).toBe(1);
    expect(await toasts().locator('.toast').count()).toBe(1);
    expect(await form().getByRole('checkbox', { name: /允许运行时修改/ }).count()).toBe(1);
    const found = await checkBothThemes(app.page, 'settings-live-zh');
    expect(found).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
