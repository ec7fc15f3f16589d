// A chat past agent.maxHistoryMessages in real Chromium: before the model answers, older messages are summarised into
// memory, and the chat says so (in place of "Thinking…") until the answer starts; the summariser is held by a gate, so
// nothing depends on how fast the page renders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../helpers/scripted-llm-server';
import { axeViolations } from './helpers/axe';
import { BIG_TITLE, seedBigSession } from './helpers/big-session';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('a chat past its message cap', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { agent: { maxHistoryMessages: 20 } } });
    seedBigSession(app, 40); // never summarised
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says it is summarising older messages while it does, then streams the answer', async () => {
    const { page } = app;
    await page.getByRole('button', { name: new RegExp(`^${BIG_TITLE}`) }).click();
    await page.locator('[data-role="assistant"]', { hasText: 'Answer 39' }).waitFor();
    const summariser = gate();
    const summaries: unknown[] = [];
    app.llm.setFallback((request) => {
      if (!request.body.tools?.some((tool: { function: { name: string } }) => tool.function.name === 'save_memory')) return { text: 'We planned the steps for each thing.' };
      summaries.push(request.body);
      const saved = { name: 'save_memory', arguments: { history_entry: 'The user asked how to do things 0 to 30.', new_facts: [] } };
      return { toolCalls: [saved], holds: [{ afterChunks: 1, until: summariser.promise }] };
    });
    await sendChat(page, 'What did we do so far?');
    const status = page.locator('[data-role="streaming"]', { hasText: /Summarising \d+ older messages into memory first…/ });
    await status.waitFor();
    await expect.poll(() => summaries.length).toBe(1); // the status is shown before the request reaches the model
    expect(await axeViolations(page, '[data-role="streaming"]')).toEqual([]);
    await shootBothThemes(app, page, 'chat-summarising');
    summariser.open();
    await waitForAnswer(page, 'We planned the steps for each thing.');
    expect(await page.getByText(/Summarising \d+ older messages/).count()).toBe(0);
    // The model got the summary and the newest messages only, within the cap.
    const answerRequest = app.llm.requests.at(-1)!.body;
    expect(answerRequest.messages[0].content).toContain('The user asked how to do things 0 to 30.');
    expect(answerRequest.messages.length - 1).toBeLessThanOrEqual(20);
    expect(app.pageErrors).toEqual([]);
  });
});
