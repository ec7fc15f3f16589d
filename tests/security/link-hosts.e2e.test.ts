// Links in an answer say where they go (issue 25, item 11), in real Chromium against the browser host: a hijacked
// model writes a link whose text names one site and opens another ([paypal.com](https://evil.example/…)); the
// window names the real host and asks before opening it (Cancel first, keyboard only works, en + zh); a plain link
// names its host on hover and focus and opens at once; a link to another scheme stays plain text.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../e2e/helpers/e2e-app';
import { sendChat, waitForAnswer } from '../e2e/ui-helpers';

describe('links say where they go', () => {
  let app: E2eApp;
  const opened: string[] = [];
  beforeAll(async () => {
    app = await startE2eApp({ approvalMode: 'auto' });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    // no network here: answer every outside page locally, and note which were opened
    await app.context!.route(/^https:\/\/(evil|docs)\.example\//, (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'outside' });
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The model answers `text`; waits until the answer shows `shown`. */
  async function answerWith(text: string, shown: string): Promise<ReturnType<Page['locator']>> {
    app.llm.enqueue({ text });
    await sendChat(app.page, 'where do I log in?');
    await waitForAnswer(app.page, shown);
    return app.page.locator('[data-role="assistant"] .markdown').last();
  }

  it('a link whose text names another host asks first, naming the real one; Cancel opens nothing', async () => {
    const answer = await answerWith('Log in at [paypal.com](https://evil.example/login) to fix it.', 'Log in at');
    const link = answer.getByRole('link', { name: 'paypal.com' });
    expect(await link.getAttribute('title')).toBe('Opens evil.example');
    await link.click();
    const dialog = app.page.getByRole('dialog', { name: 'Open a link to another site?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('This link goes to evil.example, not paypal.com as its text says.');
    // Cancel has the focus: Enter by habit does not open it
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(opened).toEqual([]);
  });

  it('by keyboard alone: Enter on the link, Esc cancels; Enter on Open opens the real target', async () => {
    const answer = app.page.locator('[data-role="assistant"] .markdown').last();
    const link = answer.getByRole('link', { name: 'paypal.com' });
    await link.focus();
    await app.page.keyboard.press('Enter');
    const dialog = app.page.getByRole('dialog', { name: 'Open a link to another site?' });
    await dialog.waitFor();
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(opened).toEqual([]);

    await link.focus();
    await app.page.keyboard.press('Enter');
    await dialog.waitFor();
    const popup = app.page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Open evil.example' }).focus();
    await app.page.keyboard.press('Enter');
    const page = await popup;
    await page.waitForLoadState();
    expect(page.url()).toBe('https://evil.example/login');
    await page.close();
  });

  it('a plain link names its host and opens at once; other schemes stay text', async () => {
    const answer = await answerWith('Read [the docs](https://docs.example/guide) or [run this](javascript:alert(1)).', 'Read the docs');
    const docs = answer.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('title')).toBe('Opens docs.example');
    expect(await answer.getByRole('link', { name: 'run this' }).count()).toBe(0);
    const popup = app.page.waitForEvent('popup');
    await docs.click();
    const page = await popup;
    await page.waitForLoadState();
    expect(page.url()).toBe('https://docs.example/guide');
    await page.close();
    expect(await app.page.getByRole('dialog').count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
