// The quick-ask popup in real Chromium: one input, the answer streamed in place, and "Open in window"
// continuing the same session (`quick:default`) in the main window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('quick ask', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('streams the answer in place and continues the session in the main window', async () => {
    app.llm.enqueue({ text: 'Desktop hello.' });
    await sendChat(app.page, 'hello from the window');
    await waitForAnswer(app.page, 'Desktop hello.');
    const quick = await app.openPage('/quick.html');
    await quick.setViewportSize({ width: 560, height: 320 });
    const input = quick.getByLabel('Ask Nanotray');
    await input.waitFor();
    expect(await quick.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ask Nanotray');
    app.llm.enqueue({ text: ['It is ', '**12:00** ', 'in Berlin.'], chunkDelayMs: 80 });
    await input.fill('What time is it in Berlin?');
    await input.press('Enter');
    await quick.locator('.quick-answer strong').waitFor();
    await quick.locator('.quick-answer', { hasText: 'It is 12:00 in Berlin.' }).waitFor();
    expect(await quick.locator('.quick-question').innerText()).toBe('What time is it in Berlin?');
    expect(await quick.getByTestId('answer-live-region').innerText()).toContain('in Berlin.');
    await shootBothThemes(app, quick, 'quick-ask');
    const sentTo = app.llm.requests.at(-1)!.body.messages.at(-1) as { content: string };
    expect(JSON.stringify(sentTo.content)).toContain('What time is it in Berlin?');

    await quick.getByRole('button', { name: 'Open in window' }).click();
    await app.page.locator('.conv-title h1', { hasText: 'What time is it in Berlin?' }).waitFor();
    expect(await app.page.locator('[data-role="assistant"] .markdown').last().innerText()).toBe('It is 12:00 in Berlin.');
    expect(await app.page.locator('.conv-title .badge').innerText()).toBe('quick ask');
    // the main window saw the turn live while showing another chat: the history shows it once
    expect(await app.page.locator('[data-role="assistant"]').count()).toBe(1);
    expect(await app.page.locator('[data-role="user"]').count()).toBe(1);
    await quick.close();

    // the sidebar can narrow the list to one channel
    const filter = app.page.getByRole('radiogroup', { name: 'Show chats from' });
    await filter.getByRole('radio', { name: 'quick ask' }).click();
    expect(await app.page.locator('.session-row').count()).toBe(1);
    expect(await app.page.locator('.session-row .badge').innerText()).toBe('quick ask');
    await shootBothThemes(app, app.page, 'chat-channel-filter');
    await filter.getByRole('radio', { name: 'all' }).click();
    expect(app.pageErrors).toEqual([]);
  });
});
