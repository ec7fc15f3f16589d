// The model picker next to the composer in real Chromium: per chat, by mouse or keyboard, reaching the next model
// call; the user's own choice works while tools.my.allowSet is false (so does /model typed by the user), and the
// runtime panel says which is the user's choice and what the agent may not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('model picker', () => {
  let app: E2eApp;
  const picker = () => app.page.getByRole('button', { name: /^Model for this chat:/ });
  const lastModel = () => app.llm.requests.at(-1)!.body.model as string;

  beforeAll(async () => {
    app = await startE2eApp({ config: { modelPresets: { smart: { model: 'smart-model' }, cheap: { model: 'cheap-model' } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the chat\'s model and switches it with the keyboard; the next answer uses it', async () => {
    await picker().filter({ hasText: 'default · fake-model' }).waitFor();
    app.llm.enqueue({ text: 'One.' });
    await sendChat(app.page, 'first');
    await waitForAnswer(app.page, 'One.');
    expect(lastModel()).toBe('fake-model');

    await picker().focus();
    await app.page.keyboard.press('ArrowDown');
    const list = app.page.getByRole('listbox', { name: 'Models' });
    await list.waitFor();
    const filter = app.page.getByRole('combobox', { name: 'Filter models' });
    expect(await filter.evaluate((el) => el === document.activeElement)).toBe(true);
    await list.getByRole('option', { name: /fake-model-large/ }).waitFor(); // the server's list arrived
    expect((await list.getByRole('group', { name: 'Presets' }).getByRole('option').allInnerTexts()).map((x) => x.replace(/\s+/g, ' ').trim())).toEqual([
      'default fake-model',
      'cheap cheap-model',
      'smart smart-model',
    ]);
    expect(await list.getByRole('option', { selected: true }).innerText()).toContain('default');
    await shootBothThemes(app, app.page, 'model-picker-open');
    expect(await axeViolations(app.page, '.model-picker')).toEqual([]);
    await app.page.keyboard.type('smart');
    await app.page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    await picker().filter({ hasText: 'smart · smart-model' }).waitFor();
    expect(await picker().evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.locator('.conv-title ~ button, .view-head button', { hasText: 'smart' }).first().waitFor();

    app.llm.enqueue({ text: 'Two.' });
    await sendChat(app.page, 'second');
    await waitForAnswer(app.page, 'Two.');
    expect(lastModel()).toBe('smart-model');
  });

  it('Esc closes the list without changing anything; a click picks', async () => {
    await picker().click();
    const list = app.page.getByRole('listbox', { name: 'Models' });
    await list.waitFor();
    await app.page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await picker().filter({ hasText: 'smart · smart-model' }).waitFor();
    await picker().click();
    await list.getByRole('option', { name: /cheap/ }).click();
    await picker().filter({ hasText: 'cheap · cheap-model' }).waitFor();
    app.llm.enqueue({ text: 'Three.' });
    await sendChat(app.page, 'third');
    await waitForAnswer(app.page, 'Three.');
    expect(lastModel()).toBe('cheap-model');
  });

  it('is per chat: a new chat starts on the default; /model typed by the user works with allowSet off', async () => {
    await app.page.keyboard.press('Control+n');
    await picker().filter({ hasText: 'default · fake-model' }).waitFor();
    await sendChat(app.page, '/model smart');
    await app.page.locator('[data-role="notice"]', { hasText: 'Set model_preset = "smart"' }).waitFor();
    await picker().filter({ hasText: 'smart · smart-model' }).waitFor();
    app.llm.enqueue({ text: 'Four.' });
    await sendChat(app.page, 'fourth');
    await waitForAnswer(app.page, 'Four.');
    expect(lastModel()).toBe('smart-model');
  });

  it('the runtime panel offers the preset as the user\'s choice and keeps the agent\'s limits read-only', async () => {
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const preset = app.page.getByLabel('This chat’s model preset model_preset');
    await preset.waitFor();
    await expect.poll(() => preset.inputValue()).toBe('smart'); // once the panel has read the presets
    expect(await app.page.locator('#rt-preset-why').innerText()).toContain('The agent may not switch it itself (runtime changes are off in Settings › Safety).');
    expect(await app.page.getByLabel('Max iterations max_iterations').getAttribute('readonly')).toBe('');
    await preset.selectOption('default');
    await app.page.getByRole('status').filter({ hasText: 'Set model_preset = "default"' }).waitFor();
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    await picker().filter({ hasText: 'default · fake-model' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
