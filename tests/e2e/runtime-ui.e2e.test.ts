// The runtime panel in real Chromium: read-only for the agent (and saying why) when tools.my.allowSet is false, the
// chat's preset still the user's to change; a preset
// switch that reaches the next model call when allowed; policy errors shown as they come; heartbeat
// "Run now" showing its outcome.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('runtime panel, allowSet false', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({
      config: { modelPresets: { fast: { model: 'fake-model-fast', contextWindowTokens: 64000 } } },
      prepareHome: (home) => writeFileSync(join(home.workspace, 'HEARTBEAT.md'), '# Heartbeat\n\n## Active Tasks\n\n- Check whether the plants need water\n'),
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is visibly read-only and says why', async () => {
    app.llm.enqueue({ text: 'Hi!' });
    await sendChat(app.page, 'hello');
    await waitForAnswer(app.page, 'Hi!');
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const note = app.page.getByTestId('runtime-readonly');
    await note.waitFor();
    expect(await note.innerText()).toContain('Runtime changes are off in Settings › Safety (tools.my.allowSet), so neither the agent (its my tool) nor this panel on its behalf may change the limits below');
    // the chat's model preset is the user's own choice: never locked
    expect(await app.page.getByLabel('This chat’s model preset model_preset').isDisabled()).toBe(false);
    const maxIterations = app.page.getByLabel('Max iterations max_iterations');
    expect(await maxIterations.getAttribute('readonly')).toBe('');
    await expect.poll(() => maxIterations.inputValue()).toBe('40'); // once the chat's overview has arrived
    expect(await app.page.getByRole('button', { name: 'Set', exact: true }).count()).toBe(0);
    await app.page.getByTestId('usage-last-turn').waitFor();
    await shootBothThemes(app, app.page, 'runtime-readonly');
  });

  it('heartbeat "Run now" shows the outcome of the run', async () => {
    app.llm.enqueue({ text: 'The basil looks dry: water it today.' });
    await app.page.getByRole('button', { name: 'Run now' }).click();
    const result = app.page.getByTestId('heartbeat-run-result');
    await result.waitFor({ timeout: 15_000 });
    const text = await result.innerText();
    expect(text.startsWith('notified')).toBe(true);
    expect(text).toContain('The basil looks dry: water it today.');
    const heartbeatRequest = app.llm.requests.at(-1)!.body.messages.at(-1) as { content: string };
    expect(JSON.stringify(heartbeatRequest.content)).toContain('Check whether the plants need water');
    await app.page.getByRole('table').filter({ hasText: 'Outcome' }).first().waitFor();
    await app.page.locator('#rt-heartbeat').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
    await shootBothThemes(app, app.page, 'runtime-heartbeat');
  });
});

describe('runtime panel, cron jobs', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    await app.page.locator('#rt-cron').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('explains a bad job, adds a good one, and removes it', async () => {
    await app.page.getByRole('button', { name: 'Add job' }).click();
    const form = app.page.getByRole('form', { name: 'Add a cron job' });
    await form.getByLabel('Schedule').selectOption('cron');
    await form.getByLabel('Cron expression').fill('0 9 *');
    await form.getByRole('button', { name: 'Add job' }).click();
    expect(await form.locator('.field-error').allInnerTexts()).toEqual([
      'Give the job a name.',
      'Say what the agent should do each time.',
      'A cron expression has 5 fields (minute hour day month weekday), e.g. 0 9 * * 1-5.',
    ]);
    await form.getByLabel('Name').fill('Morning news');
    await form.getByLabel('What to do').fill('Summarise the news');
    await form.getByLabel('Cron expression').fill('0 9 * * 1-5');
    await form.getByRole('button', { name: 'Add job' }).click();
    const row = app.page.getByRole('row').filter({ hasText: 'Morning news' });
    await row.waitFor();
    expect(await row.innerText()).toContain('0 9 * * 1-5');
    await app.page.locator('#rt-cron').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
    // only the view scrolls; the window frame (rail, header) stays put
    expect(await app.page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
    expect(await app.page.evaluate(() => document.querySelector('.rail')?.getBoundingClientRect().top)).toBe(0);
    await shootBothThemes(app, app.page, 'runtime-cron');
    await row.getByRole('button', { name: 'Remove Morning news' }).click();
    await app.page.getByRole('dialog', { name: 'Remove this job?' }).getByRole('button', { name: 'Remove job' }).click();
    await row.waitFor({ state: 'detached' });
    expect(app.pageErrors).toEqual([]);
  });
});

describe('runtime panel, allowSet true', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({
      config: { tools: { my: { allowSet: true } }, modelPresets: { fast: { model: 'fake-model-fast', contextWindowTokens: 64000 } } },
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('switches the preset; the next turn uses its model; bad values show the policy error', async () => {
    app.llm.enqueue({ text: 'First.' });
    await sendChat(app.page, 'one');
    await waitForAnswer(app.page, 'First.');
    expect(app.llm.requests.at(-1)!.body.model).toBe('fake-model');

    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const preset = app.page.getByLabel('This chat’s model preset model_preset');
    await preset.waitFor();
    expect(await preset.isDisabled()).toBe(false);
    await preset.selectOption('fast');
    await app.page.getByRole('status').filter({ hasText: 'Set model_preset = "fast"' }).waitFor();
    expect(await preset.inputValue()).toBe('fast');

    const maxIterations = app.page.getByLabel('Max iterations max_iterations');
    await maxIterations.fill('500');
    await app.page.getByRole('button', { name: 'Set', exact: true }).first().click();
    await app.page.getByRole('alert').filter({ hasText: "Error: 'max_iterations' must be <= 100" }).waitFor();
    const audit = app.page.getByTestId('audit-table');
    await audit.getByText('max_iterations').first().waitFor();
    await shootBothThemes(app, app.page, 'runtime-allowed');

    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    await app.page.getByRole('button', { name: 'fast', exact: true }).waitFor();
    expect(await app.page.title()).toBe('one — Nanotray');
    app.llm.enqueue({ text: 'Second.' });
    await sendChat(app.page, 'two');
    await waitForAnswer(app.page, 'Second.');
    expect(app.llm.requests.at(-1)!.body.model).toBe('fake-model-fast');
    expect(app.pageErrors).toEqual([]);
  });
});
