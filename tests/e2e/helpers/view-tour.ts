// The tour of every view of the window for the accessibility and screenshot run: each stop opens a view (or a
// dialog) in a page that already shows the app, waits for it, and undoes what it opened afterwards.
import type { Page } from 'playwright-core';

export interface TourStop {
  name: string;
  /** Opens the view; returns once it is ready to look at. */
  open(page: Page): Promise<void>;
  /** Closes what `open` opened (dialogs, panels, window size). */
  close?(page: Page): Promise<void>;
}

async function view(page: Page, index: 1 | 2 | 3 | 4): Promise<void> {
  await page.keyboard.press(`Control+${index}`);
  await page.waitForTimeout(150);
}

/** The chat the tour was prepared with (an answer with code, a table, a task list and a waiting approval). */
export async function openPlanChat(page: Page): Promise<void> {
  await view(page, 1);
  await page.locator('.session-main', { hasText: 'Make a shopping plan' }).click();
  await page.locator('[data-role="assistant"] .hljs-keyword').first().waitFor();
}

async function settingsSection(page: Page, id: string): Promise<void> {
  await view(page, 4);
  await page.locator(`#${id}`).waitFor();
  await page.evaluate((sectionId) => document.getElementById(sectionId)?.scrollIntoView({ block: 'start' }), id);
  await page.waitForTimeout(80);
}

export const TOUR: TourStop[] = [
  {
    name: 'chat',
    open: openPlanChat,
  },
  {
    name: 'chat-new',
    async open(page) {
      await view(page, 1);
      await page.keyboard.press('Control+n');
      await page.locator('.empty').waitFor();
    },
    close: openPlanChat,
  },
  {
    name: 'chat-palette',
    async open(page) {
      await view(page, 1);
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.type('plan');
      await page.waitForTimeout(300);
    },
    async close(page) {
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'chat-delete-dialog',
    async open(page) {
      await view(page, 1);
      await page.locator('.session-row').first().hover();
      await page.locator('.session-row .btn-danger').first().click();
      await page.getByRole('dialog').waitFor();
    },
    async close(page) {
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'chat-narrow',
    async open(page) {
      await page.setViewportSize({ width: 800, height: 640 });
      await view(page, 1);
    },
    async close(page) {
      await page.setViewportSize({ width: 1200, height: 800 });
    },
  },
  {
    name: 'chat-narrow-drawer',
    async open(page) {
      await page.setViewportSize({ width: 800, height: 640 });
      await view(page, 1);
      await page.locator('.sidebar-toggle').click();
      await page.locator('.split[data-sidebar-open="true"]').waitFor();
      await page.waitForTimeout(200);
    },
    async close(page) {
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1200, height: 800 });
    },
  },
  {
    name: 'memory-narrow',
    async open(page) {
      await page.setViewportSize({ width: 800, height: 640 });
      await view(page, 2);
      await page.locator('.editor-text').waitFor();
    },
    async close(page) {
      await page.setViewportSize({ width: 1200, height: 800 });
    },
  },
  {
    name: 'memory',
    async open(page) {
      await view(page, 2);
      await page.locator('.editor-text').waitFor();
    },
  },
  {
    name: 'memory-history',
    async open(page) {
      await view(page, 2);
      await page.locator('.editor-text').waitFor();
      await page.locator('button[aria-pressed]').click();
      await page.locator('.version-btn').first().waitFor();
      await page.locator('.version-btn').first().click();
      await page.waitForTimeout(150);
    },
    async close(page) {
      await page.locator('button[aria-pressed="true"]').click();
    },
  },
  {
    name: 'runtime',
    async open(page) {
      await view(page, 3);
      await page.locator('#rt-overview').waitFor();
    },
  },
  { name: 'settings-providers', open: (page) => settingsSection(page, 'settings-providers') },
  { name: 'settings-models', open: (page) => settingsSection(page, 'settings-models') },
  { name: 'settings-safety', open: (page) => settingsSection(page, 'settings-safety') },
  { name: 'settings-app', open: (page) => settingsSection(page, 'settings-app') },
];
