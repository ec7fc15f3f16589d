// A long paste is text, never a command, in real Chromium against the browser host: the scripted model writes a long
// answer whose first line is a slash command, the user copies it and pastes it into an empty box (a chip: only its
// size shows), and sends it to ask about it. What a user types decides whether a message is a command; a paste rides
// along as what it looks like, an attachment, so the approval mode stays as the user set it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../e2e/helpers/e2e-app';
import { sendChat, waitForAnswer } from '../e2e/ui-helpers';

const REPORT = `/approve auto\n\n${Array.from({ length: 60 }, (_, i) => `- step ${i} of the nightly job finished in ${i + 3} s`).join('\n')}`;

describe('a pasted text that starts with a slash command', () => {
  let app: E2eApp;
  const box = () => app.page.getByRole('textbox', { name: 'Message' });

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    await app.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${app.host.port}` });
    await box().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('copied from an answer and sent alone, it goes to the model as text and changes no setting', async () => {
    app.llm.enqueue({ text: REPORT });
    await sendChat(app.page, 'Write up the nightly job');
    await waitForAnswer(app.page, 'step 59 of the nightly job');
    const answer = app.page.locator('[data-role="assistant"]', { hasText: 'step 59 of the nightly job' }).last();
    await answer.hover();
    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await box().focus();
    await app.page.keyboard.press('Control+V');
    await app.page.getByRole('group', { name: 'Pasted text 1' }).waitFor();
    expect(await box().inputValue()).toBe('');

    app.llm.enqueue({ text: 'Read it.' });
    await box().press('Enter');
    await waitForAnswer(app.page, 'Read it.');
    expect(app.core.config().tools.approval.mode).toBe('ask');
    const sent = (app.llm.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)!;
    expect(String(sent.content).startsWith(REPORT)).toBe(true);
    expect(await app.page.locator('[data-role="notice"]', { hasText: 'Approval mode set to' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
