// Chat around the conversation, in real Chromium: keyboard shortcuts (Ctrl+N, Ctrl+K), full-text search,
// rename / delete / export, slash-command autocomplete, image attachments, and a failed turn's fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('chat tools', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { agent: { vision: true } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('Ctrl+N starts a chat, search finds its messages, Ctrl+K jumps to it', async () => {
    await app.page.keyboard.press('Control+n');
    app.llm.enqueue({ text: 'Zanzibar is an archipelago off Tanzania.' });
    await sendChat(app.page, 'Tell me about Zanzibar');
    await waitForAnswer(app.page, 'Zanzibar is an archipelago');
    await app.page.keyboard.press('Control+n');
    app.llm.enqueue({ text: 'Sure.' });
    await sendChat(app.page, 'Something else entirely');
    await waitForAnswer(app.page, 'Sure.');
    // the list learns of the second chat from the core's summary event, after the answer shows
    await expect.poll(() => app.page.locator('.session-row').count()).toBe(2);

    await app.page.getByRole('searchbox', { name: 'Search all messages' }).fill('archipelago');
    const results = app.page.getByRole('list', { name: 'Search results' });
    await results.getByRole('button').first().waitFor();
    expect(await results.locator('mark').first().innerText()).toBe('archipelago');
    await shootBothThemes(app, app.page, 'chat-search');
    await results.getByRole('button').first().click();
    await app.page.locator('.conv-title h1', { hasText: 'Tell me about Zanzibar' }).waitFor();
    await app.page.getByRole('searchbox', { name: 'Search all messages' }).fill('');

    await app.page.keyboard.press('Control+n');
    await app.page.locator('.session-row').nth(2).waitFor();
    await app.page.keyboard.press('Control+k');
    const palette = app.page.getByRole('dialog', { name: 'Search chats' });
    await palette.waitFor();
    await app.page.keyboard.type('Something');
    await shootBothThemes(app, app.page, 'chat-palette');
    await app.page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    await app.page.locator('.conv-title h1', { hasText: 'Something else entirely' }).waitFor();
  });

  it('renames with F2, exports markdown, deletes with a confirm', async () => {
    const row = app.page.locator('.session-row', { hasText: 'Something else entirely' });
    await row.locator('.session-main').focus();
    await app.page.keyboard.press('F2');
    const input = app.page.getByLabel('New name for Something else entirely');
    await input.fill('Renamed chat');
    await input.press('Enter');
    await app.page.locator('.session-row', { hasText: 'Renamed chat' }).waitFor();

    const download = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: 'Export Renamed chat as markdown' }).click();
    const file = await download;
    expect(file.suggestedFilename().endsWith('.md')).toBe(true);
    const text = await (await file.createReadStream()).toArray();
    const markdown = Buffer.concat(text as Buffer[]).toString('utf8');
    expect(markdown).toContain('Something else entirely');
    expect(markdown).toContain('Sure.');

    await app.page.locator('.session-row', { hasText: 'Renamed chat' }).locator('.session-main').focus();
    await app.page.keyboard.press('Delete');
    const dialog = app.page.getByRole('dialog', { name: 'Delete this chat?' });
    await dialog.waitFor();
    await shootBothThemes(app, app.page, 'chat-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await app.page.locator('.session-row', { hasText: 'Renamed chat' }).waitFor({ state: 'detached' });
  });

  it('completes slash commands and shows their output', async () => {
    const box = app.page.getByRole('textbox', { name: 'Message' });
    await box.fill('/hel');
    const menu = app.page.getByRole('listbox', { name: 'Commands' });
    await menu.waitFor();
    expect(await menu.getByRole('option').first().innerText()).toContain('/help');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/help ');
    await box.press('Enter');
    const notice = app.page.locator('[data-role="notice"]').last();
    await notice.waitFor();
    expect(await notice.innerText()).toContain('/new');
  });

  it('attaches an image and sends it to a vision model', async () => {
    await app.page.locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await app.page.getByRole('img', { name: 'Attachment 1' }).waitFor();
    expect(await app.page.locator('.attach-warning').count()).toBe(0);
    app.llm.enqueue({ text: 'A single pixel.' });
    await sendChat(app.page, 'What is in this picture?');
    await waitForAnswer(app.page, 'A single pixel.');
    const user = app.llm.requests.at(-1)!.body.messages.findLast((m: { role: string }) => m.role === 'user') as { content: Array<{ type: string; image_url?: { url: string } }> };
    expect(Array.isArray(user.content)).toBe(true);
    expect(user.content.some((p) => p.type === 'image_url' && p.image_url?.url.startsWith('data:image/png;base64,'))).toBe(true);
    expect(await app.page.getByRole('img', { name: 'Attached image 1' }).count()).toBe(1);
  });

  it('Shift+Enter adds a line, Enter sends; answers are sanitised and links open outside the app', async () => {
    await app.page.keyboard.press('Control+n');
    const box = app.page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('first line');
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    expect(await box.inputValue()).toBe('first line\nsecond line');
    app.llm.enqueue({
      text: 'Look: <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> [bad](javascript:window.__pwned=3) and [docs](https://example.test/docs).',
    });
    await box.press('Enter');
    await waitForAnswer(app.page, 'Look:');
    const sent = app.llm.requests.at(-1)!.body.messages.findLast((m: { role: string }) => m.role === 'user') as { content: unknown };
    expect(JSON.stringify(sent.content)).toContain('first line\\nsecond line');
    const answer = app.page.locator('[data-role="assistant"] .markdown').last();
    expect(await answer.locator('img, script').count()).toBe(0);
    expect(await answer.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await answer.locator('a').count()).toBe(1);
    expect(await app.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // no network here: answer the external page locally
    await app.context!.route('https://example.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'external' }));
    const popup = app.page.waitForEvent('popup');
    await answer.getByRole('link', { name: 'docs' }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://example.test/docs');
    await opened.close();
    expect(app.page.url()).toBe(`http://127.0.0.1:${app.host.port}/`);
  });

  it('Ctrl+1…4 switch views', async () => {
    await app.page.keyboard.press('Control+3');
    await app.page.getByRole('heading', { name: 'Runtime' }).waitFor();
    await app.page.keyboard.press('Control+4');
    await app.page.getByRole('heading', { name: 'Settings' }).waitFor();
    await app.page.keyboard.press('Control+2');
    await app.page.getByRole('complementary', { name: 'Workspace files' }).waitFor();
    await app.page.keyboard.press('Control+1');
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });

  it('a provider error shows in the conversation (and is announced) with a fix that opens settings', async () => {
    app.llm.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    await sendChat(app.page, 'Hello?');
    const banner = app.page.getByRole('group', { name: 'The answer failed' }).filter({ hasText: 'Nanotray could not reach the model' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('The provider rejected the API key (401).');
    await app.page.getByTestId('answer-live-region').filter({ hasText: 'The answer failed: The provider rejected the API key (401).' }).waitFor({ state: 'attached' });
    await shootBothThemes(app, app.page, 'chat-error');
    await banner.getByRole('button', { name: 'Open settings' }).click();
    await app.page.getByRole('form', { name: 'Settings' }).waitFor();
    expect(app.pageErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});
