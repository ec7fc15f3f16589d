// Tokens and cost in real Chromium: an answer shows its turn's tokens (every model call) and price when hovered —
// live and after a reload — and the runtime panel says the last answer, this chat and today in words, with the
// settings of the agent as sentences instead of JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('usage in the window', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { prices: { 'fake-model': { input: 2, output: 10 } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an answer shows its turn\'s tokens and cost, live and after a reload', async () => {
    app.llm.enqueue(
      { toolCalls: [{ name: 'list_dir', arguments: { path: '.' } }], usage: { prompt_tokens: 1000, completion_tokens: 100 } },
      { text: 'Your workspace has a few notes.', usage: { prompt_tokens: 1500, completion_tokens: 200 } },
    );
    await sendChat(app.page, 'What is in my workspace?');
    await waitForAnswer(app.page, 'Your workspace has a few notes.');
    const answer = app.page.locator('[data-role="assistant"]', { hasText: 'Your workspace has a few notes.' });
    await answer.hover();
    const usage = answer.getByTestId('answer-usage');
    await usage.waitFor();
    expect(await usage.innerText()).toBe('2,800 tokens · $0.008');
    expect(await usage.getAttribute('title')).toBe('This answer: 2,800 tokens · $0.008 (2,500 sent · 300 received)');
    await app.page.reload();
    await answer.hover();
    expect(await answer.getByTestId('answer-usage').innerText()).toBe('2,800 tokens · $0.008');
  });

  it('the runtime panel says it in words: last answer, this chat, today, and the agent\'s settings', async () => {
    app.llm.enqueue({ text: 'Second.', usage: { prompt_tokens: 3000, completion_tokens: 50 } });
    await sendChat(app.page, 'And again');
    await waitForAnswer(app.page, 'Second.');
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    await app.page.getByTestId('usage-session').filter({ hasText: 'tokens' }).waitFor();
    expect(await app.page.getByTestId('usage-last-turn').innerText()).toBe('3,050 tokens · $0.0065 (3,000 sent · 50 received) · fake-model');
    expect(await app.page.getByTestId('usage-session').innerText()).toBe('5,850 tokens · $0.0145 (5,500 sent · 350 received)');
    expect(await app.page.getByTestId('usage-today').innerText()).toContain('5,850 tokens · $0.0145');
    const panel = app.page.locator('.kv-plain');
    const text = await panel.innerText();
    expect(text).toContain('Web search and pages');
    expect(text).toContain('on · search with duckduckgo');
    expect(text).toContain('Running answer');
    expect(text).not.toMatch(/[{"]/); // no JSON, no quoted strings
    expect(await panel.locator('[data-key="model"]').innerText()).toBe('fake-model model');
    await shootBothThemes(app, app.page, 'runtime-plain-words');
    expect(app.pageErrors).toEqual([]);
  });
});
