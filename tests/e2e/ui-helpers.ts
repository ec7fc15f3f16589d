// Small page helpers shared by the UI end-to-end tests (typing into the composer, waiting for answers,
// light/dark screenshots).
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOT_DIR, type E2eApp } from './helpers/e2e-app';

/** Types into the chat composer and presses Enter. */
export async function sendChat(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.click();
  await box.fill(text);
  await box.press('Enter');
}

/** Text of the last finished assistant message. */
export async function lastAnswer(page: Page): Promise<string> {
  return page.locator('[data-role="assistant"]:not([data-role="streaming"]) .markdown').last().innerText();
}

/** Waits for a finished assistant message with exactly this text. */
export async function waitForAnswer(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.locator('[data-role="assistant"] .markdown', { hasText: text }).last().waitFor({ timeout });
  await waitIdle(page, timeout);
}

/** Waits until no turn is running in the visible conversation. */
export async function waitIdle(page: Page, timeout = 15_000): Promise<void> {
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout });
}

/**
 * Saves `test-results/screenshots/<name>-light.png` and `-dark.png` (the theme forced through the same
 * attribute the app sets). The app scrolls inside its views, so the viewport is the whole picture.
 */
export async function shootBothThemes(_app: E2eApp, page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(60);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`) });
  }
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, original);
}
