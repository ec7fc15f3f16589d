// Message actions in real Chromium: a failed or stopped turn still says so after a reload, Retry answers the same
// question again without a second copy of it, copy / edit and resend / regenerate on messages, all kept honest in
// the stored history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '../../src-main/core/store/messages.repo';
import { listSessions } from '../../src-main/core/store/sessions.repo';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { lastAnswer, sendChat, shootBothThemes, waitForAnswer, waitIdle } from './ui-helpers';

describe('message actions', () => {
  let app: E2eApp;

  const stored = (key: string) => listMessages(app.core.db, key).map((m) => `${m.role}:${m.content ?? ''}`);
  const newestKey = () => listSessions(app.core.db)[0]!;

  async function reload(): Promise<void> {
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  }

  beforeAll(async () => {
    app = await startE2eApp();
    await app.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${app.host.port}` });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a failed turn shows its error in the conversation, also after a reload; Retry does not repeat the question', async () => {
    app.llm.enqueue({ status: 500, errorMessage: 'upstream exploded' });
    await sendChat(app.page, 'What is 6 times 7?');
    const failure = app.page.getByRole('group', { name: 'The answer failed' });
    await failure.waitFor();
    expect(await failure.innerText()).toContain('server error (500)');
    await waitIdle(app.page);
    await shootBothThemes(app, app.page, 'chat-turn-error');
    await reload();
    await failure.waitFor();
    expect(await app.page.locator('[data-role="user"]', { hasText: 'What is 6 times 7?' }).count()).toBe(1);

    app.llm.enqueue({ text: 'It is 42.' });
    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForAnswer(app.page, 'It is 42.');
    expect(await failure.count()).toBe(0);
    expect(await app.page.locator('[data-role="user"]', { hasText: 'What is 6 times 7?' }).count()).toBe(1);
    const key = newestKey().key;
    expect(stored(key)).toEqual(['user:What is 6 times 7?', 'assistant:It is 42.']);
    await reload();
    await waitForAnswer(app.page, 'It is 42.');
    expect(await failure.count()).toBe(0);
  });

  it('a stopped answer still says "Stopped." after a reload', async () => {
    // words 0–2 go out, then the model holds the rest until Stop has ended the turn
    const never = gate();
    app.llm.enqueue({ text: Array.from({ length: 60 }, (_, i) => `word${i} `), holds: [{ afterChunks: 4, until: never.promise }] });
    await sendChat(app.page, 'Tell me a long story');
    await app.page.locator('[data-role="streaming"] .markdown', { hasText: 'word2' }).waitFor();
    await app.page.getByRole('button', { name: 'Stop the answer' }).click();
    await app.page.locator('[data-role="notice"]', { hasText: 'Stopped.' }).waitFor();
    await waitIdle(app.page);
    never.open();
    await reload();
    await app.page.locator('[data-role="notice"]', { hasText: 'Stopped.' }).waitFor();
    expect(await app.page.locator('[data-role="assistant"]', { hasText: 'Interrupted' }).count()).toBe(1);
  });

  it('copies a message and an answer', async () => {
    const question = app.page.locator('[data-role="user"]', { hasText: 'What is 6 times 7?' });
    await question.hover();
    await question.getByRole('button', { name: 'Copy message' }).click();
    await question.getByRole('button', { name: 'Copy message' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe('What is 6 times 7?');
    const answer = app.page.locator('[data-role="assistant"]', { hasText: 'It is 42.' });
    await answer.hover();
    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await answer.getByRole('button', { name: 'Copy answer' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe('It is 42.');
  });

  it('edit and resend replaces the message and everything after it; Esc cancels and keeps the original', async () => {
    await app.page.keyboard.press('Control+n');
    app.llm.enqueue({ text: 'Paris.' }, { text: 'About 2.1 million.' });
    await sendChat(app.page, 'Capital of France?');
    await waitForAnswer(app.page, 'Paris.');
    await sendChat(app.page, 'How many people live there?');
    await waitForAnswer(app.page, 'About 2.1 million.');

    const first = app.page.locator('[data-role="user"]', { hasText: 'Capital of France?' });
    await first.hover();
    await first.getByRole('button', { name: 'Edit and resend' }).click();
    const editor = app.page.getByRole('textbox', { name: 'Edited message' });
    await editor.fill('Capital of Italy?');
    await editor.press('Escape');
    expect(await editor.count()).toBe(0);
    expect(await first.innerText()).toContain('Capital of France?');

    await first.hover();
    await first.getByRole('button', { name: 'Edit and resend' }).click();
    await editor.fill('Capital of Italy?');
    await shootBothThemes(app, app.page, 'chat-edit-message');
    app.llm.enqueue({ text: 'Rome.' });
    await editor.press('Enter');
    await waitForAnswer(app.page, 'Rome.');
    expect(await app.page.locator('[data-role="user"]').allInnerTexts()).toEqual([expect.stringContaining('Capital of Italy?')]);
    expect(await app.page.locator('[data-role="assistant"]', { hasText: 'million' }).count()).toBe(0);
    const sent = app.llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(stored(newestKey().key)).toEqual(['user:Capital of Italy?', 'assistant:Rome.']);
    await reload();
    await waitForAnswer(app.page, 'Rome.');
    expect(await app.page.locator('[data-role="user"]').count()).toBe(1);
  });

  it('regenerate gives a new answer in place of the last one', async () => {
    const answer = app.page.locator('[data-role="assistant"]', { hasText: 'Rome.' });
    await answer.hover();
    app.llm.enqueue({ text: 'Rome, since 1871.' });
    await answer.getByRole('button', { name: 'Regenerate the answer' }).click();
    await waitForAnswer(app.page, 'Rome, since 1871.');
    expect(await lastAnswer(app.page)).toBe('Rome, since 1871.');
    expect(await app.page.locator('[data-role="assistant"]').count()).toBe(1);
    expect(stored(newestKey().key)).toEqual(['user:Capital of Italy?', 'assistant:Rome, since 1871.']);
    expect(app.pageErrors).toEqual([]);
  });
});
