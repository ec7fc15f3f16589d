// End to end in Debian Chromium: the built UI on the browser host, a message to the scripted model, and the
// answer streaming into the conversation (partial text first, then the whole answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';

describe('chat streams an answer in the browser host', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a message and shows the streamed answer', async () => {
    const { page } = app;
    // "The answer " goes out; the rest waits until the test has seen it on screen
    const rest = gate();
    app.llm.enqueue({ text: ['The answer ', 'streams ', 'in pieces.'], holds: [{ afterChunks: 2, until: rest.promise }] });
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.waitFor();
    await input.fill('Tell me something');
    await page.getByRole('button', { name: 'Send message' }).click();

    const conversation = page.getByRole('log', { name: 'Conversation' });
    await expect.poll(() => conversation.textContent(), { timeout: 10_000 }).toContain('The answer');
    // Mid-stream: the first piece is on screen while the rest is still to come.
    expect(await conversation.textContent()).not.toContain('streams');
    await app.screenshot('chat-stream-partial');
    rest.open();

    await expect.poll(() => conversation.textContent(), { timeout: 10_000 }).toContain('The answer streams in pieces.');
    expect(await conversation.textContent()).toContain('Tell me something');
    // The turn ended: the composer offers "Send" again instead of "Stop".
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await app.screenshot('chat-stream-done');

    const sent = app.llm.requests.at(-1)?.body.messages.at(-1) as { role: string; content: string };
    expect(sent.role).toBe('user');
    expect(sent.content.startsWith('Tell me something')).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });
});
