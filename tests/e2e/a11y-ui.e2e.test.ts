// Accessibility basics in real Chromium, on every view in both themes: every control has a name, images
// have alt text, focus is visible (an outline appears on keyboard focus), and the answer has a live region.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, waitForAnswer } from './ui-helpers';

/** Controls without an accessible name (label, aria-label, aria-labelledby, text or title). */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = (el: Element): boolean => {
      const aria = el.getAttribute('aria-label')?.trim();
      if (aria) return true;
      const by = el.getAttribute('aria-labelledby');
      if (by && by.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      if ((el as HTMLInputElement).labels?.length) return true;
      if (el.closest('label')) return true;
      if (el.getAttribute('title')?.trim()) return true;
      if (el instanceof HTMLButtonElement || el.getAttribute('role') === 'button' || el.getAttribute('role') === 'option') return Boolean(el.textContent?.trim());
      return false;
    };
    const controls = [...document.querySelectorAll('button, input:not([type="hidden"]):not([hidden]), select, textarea, [role="button"], [role="option"]')];
    return controls.filter((el) => !named(el)).map((el) => el.outerHTML.slice(0, 120));
  });
}

async function imagesWithoutAlt(page: Page): Promise<number> {
  return page.locator('img:not([alt])').count();
}

describe('accessibility basics', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({
      prepareHome: (home) => {
        mkdirSync(join(home.workspace, 'memory'), { recursive: true });
        writeFileSync(join(home.workspace, 'memory', 'MEMORY.md'), '# Memory\n');
      },
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    app.llm.enqueue({ text: 'Hello! Here is `code`.' });
    await sendChat(app.page, 'hi');
    await waitForAnswer(app.page, 'Hello!');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the check itself catches an icon-only button without a name', async () => {
    await app.page.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'probe';
      b.innerHTML = '<svg width="10" height="10"></svg>';
      document.body.append(b);
    });
    expect(await unnamedControls(app.page)).toEqual(['<button id="probe"><svg width="10" height="10"></svg></button>']);
    await app.page.evaluate(() => document.getElementById('probe')?.remove());
  });

  it('names every control on every view and gives images alt text', async () => {
    const problems: Record<string, string[]> = {};
    for (const view of ['Chat', 'Memory', 'Runtime', 'Settings'] as const) {
      await app.page.getByRole('button', { name: view, exact: true }).click();
      await app.page.waitForTimeout(400);
      const unnamed = await unnamedControls(app.page);
      if (unnamed.length) problems[view] = unnamed;
      expect(await imagesWithoutAlt(app.page)).toBe(0);
    }
    expect(problems).toEqual({});
  });

  it('shows a focus ring when moving with the keyboard', async () => {
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    await app.page.getByRole('button', { name: 'New chat' }).focus();
    await app.page.keyboard.press('Tab');
    const outline = await app.page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { tag: el.tagName, width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBe('2px');
  });

  it('streams into a polite live region', async () => {
    const region = app.page.getByTestId('answer-live-region');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    app.llm.enqueue({ text: ['First sentence. ', 'Second one.'], chunkDelayMs: 60 });
    await sendChat(app.page, 'two sentences please');
    await waitForAnswer(app.page, 'Second one.');
    await app.page.waitForFunction(() => document.querySelector('[data-testid="answer-live-region"]')?.textContent?.includes('Second one.'));
    expect(await region.innerText()).toContain('First sentence.');
  });

  it('warns before sending images to a model that cannot see them', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await app.page.locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    const warning = app.page.getByRole('status').filter({ hasText: 'does not accept images' });
    await warning.waitFor();
    expect(await warning.innerText()).toBe('This chat’s model does not accept images, so they will be left out. Settings › Models says which models accept images.');
    await app.page.getByRole('button', { name: 'Remove attachment 1' }).click();
    await warning.waitFor({ state: 'detached' });
  });
});
