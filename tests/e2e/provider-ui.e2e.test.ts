// The window and quick ask with a reasoning model and a struggling server, in real Chromium: the Thinking block
// streams open and collapses after the answer (keyboard-toggled), a 429 shows "Retrying in N s", Stop ends that wait,
// a failover says who answered, and the views stay axe-clean in both themes (screenshots in test-results/screenshots).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer, waitIdle } from './ui-helpers';

describe('reasoning, retries and failover in the window', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({
      config: {
        agent: { providerRetryMode: 'standard', fallbackModels: ['backup'] },
        modelPresets: { backup: { model: 'fake-model-large' } },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('streams the reasoning in an open Thinking block, then folds it above the answer', async () => {
    const { page } = app;
    app.llm.setQuirks({ reasoningAs: 'think_tags' });
    // the reasoning starts to stream; the model holds the rest until the test has seen the open Thinking block
    const seen = gate();
    app.llm.enqueue({ reasoning: ['The user asks for 6 × 7. ', 'That is 42.', ' Say it plainly.'], text: ['The answer ', 'is 42.'], holds: [{ afterChunks: 4, until: seen.promise }] });
    await sendChat(page, 'What is 6 times 7?');
    const streaming = page.locator('[data-role="streaming"] details.thinking-block');
    await streaming.waitFor({ timeout: 10_000 });
    expect(await streaming.getAttribute('open')).not.toBeNull();
    await shootBothThemes(app, page, 'thinking-streaming');
    seen.open();
    await waitForAnswer(page, 'The answer is 42.');
    const block = page.locator('[data-role="assistant"] details.thinking-block').last();
    expect(await block.getAttribute('open')).toBeNull();
    expect(await page.locator('[data-role="assistant"] .markdown').last().innerText()).toBe('The answer is 42.');
    await block.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await block.getAttribute('open')).not.toBeNull();
    expect(await block.innerText()).toContain('That is 42.');
    await shootBothThemes(app, page, 'thinking-done');
    expect(await axeViolations(page, '[data-role="assistant"]')).toEqual([]);
  });

  it('a 429 shows why and counts down to the retry', async () => {
    const { page } = app;
    app.llm.setQuirks({});
    app.llm.enqueue({ status: 429, errorMessage: 'Rate limit reached for requests', headers: { 'retry-after': '3' } }, { text: 'Made it after the wait.' });
    await sendChat(page, 'Are you there?');
    const countdown = page.locator('.retry-countdown');
    await countdown.waitFor({ timeout: 10_000 });
    expect(await countdown.innerText()).toMatch(/rate-limiting requests \(429\)[\s\S]*Retrying in [1-3] s/);
    await shootBothThemes(app, page, 'retry-countdown');
    expect(await axeViolations(page, '.retry-countdown')).toEqual([]);
    await waitForAnswer(page, 'Made it after the wait.');
  });

  it('Stop during the countdown ends the wait at once: no retry is sent', async () => {
    const { page } = app;
    app.llm.setQuirks({});
    app.llm.enqueue({ status: 503, errorMessage: 'overloaded', headers: { 'retry-after': '60' } });
    const before = app.llm.requests.length;
    await sendChat(page, 'Still there?');
    await page.locator('.retry-countdown', { hasText: 'Retrying in' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop the answer' }).click();
    await page.locator('[data-role="notice"]', { hasText: 'Stopped.' }).waitFor({ timeout: 5000 });
    await waitIdle(page, 5000);
    expect(await page.locator('.retry-countdown').count()).toBe(0);
    expect(app.llm.requests.length - before).toBe(1);
  });

  it('a failover says who answered and why', async () => {
    const { page } = app;
    app.llm.setFallback((req) => (req.body.model === 'fake-model' ? { status: 503, errorMessage: 'overloaded' } : { text: 'The backup answers.' }));
    await sendChat(page, 'Hello?');
    await waitForAnswer(page, 'The backup answers.', 30_000);
    const notice = page.locator('[data-role="notice"]', { hasText: 'Answered by backup (fake-model-large)' });
    expect(await notice.innerText()).toContain('fake-model failed: The provider had a server error (503).');
    await shootBothThemes(app, page, 'failover-notice');
    // Usage is counted for the model that answered: the Runtime panel shows today's tokens per model.
    await page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const byModel = page.getByTestId('usage-by-model');
    await byModel.waitFor({ timeout: 10_000 });
    expect(await byModel.innerText()).toMatch(/fake-model-large \d/);
    await shootBothThemes(app, page, 'usage-by-model');
    expect(await axeViolations(page, '[data-testid="usage-by-model"]')).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('quick ask with a reasoning model', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ path: '/quick.html', viewport: { width: 640, height: 420 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the Thinking block above the answer', async () => {
    const { page } = app;
    app.llm.setQuirks({ reasoningAs: 'reasoning_content' });
    app.llm.enqueue({ reasoning: 'Greeting; answer briefly.', text: 'Hi there!', chunkDelayMs: 150 });
    const input = page.getByRole('textbox', { name: 'Ask Nanotray' });
    await input.fill('hello');
    await input.press('Enter');
    await page.locator('.quick-answer .markdown', { hasText: 'Hi there!' }).waitFor({ timeout: 10_000 });
    const block = page.locator('.quick-answer details.thinking-block');
    await block.waitFor();
    expect(await block.locator('summary').innerText()).toContain('Thinking');
    await block.locator('summary').click();
    expect(await block.innerText()).toContain('Greeting; answer briefly.');
    await shootBothThemes(app, page, 'quick-thinking');
    expect(await axeViolations(page, '.quick-answer')).toEqual([]);
  });
});
