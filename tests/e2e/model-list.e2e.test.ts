// Every model the server has, in the chat's picker (real Chromium through the browser host): the presets on top,
// then the provider's models, narrowed by typing; a model picked without a preset reaches the next call, stays
// with the chat after a reload, and the answer names it (and the fallback, when one answered). The list is kept
// until refreshed. English and Chinese, both themes, axe clean.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

const PRESETS = { modelPresets: { backup: { model: 'fake-model-large' } } };

describe('the model picker lists every model of the server', () => {
  let app: E2eApp;
  const picker = () => app.page.getByRole('button', { name: /^Model for this chat:/ });
  const list = () => app.page.getByRole('listbox', { name: 'Models' });
  const filter = () => app.page.getByRole('combobox', { name: 'Filter models' });

  beforeAll(async () => {
    app = await startE2eApp({ config: { ...PRESETS, agent: { fallbackModels: ['backup'] } } });
    app.llm.models.push('third-model');
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterEach(() => app.llm.setFallback(undefined));
  afterAll(async () => {
    await app?.close();
  });

  it('shows presets first, then the provider’s models; typing narrows; a model needs no preset', async () => {
    await picker().click();
    await list().getByRole('group', { name: 'Models on test' }).waitFor();
    expect(await list().getByRole('group').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent))).toEqual([
      'Presets',
      'Models on test',
    ]);
    expect(await list().getByRole('group', { name: 'Models on test' }).getByRole('option').allInnerTexts()).toEqual(['fake-model', 'fake-model-large', 'third-model']);
    await shootBothThemes(app, app.page, 'model-list-open');
    expect(await axeViolations(app.page, '.model-picker')).toEqual([]);

    await filter().fill('third');
    await expect.poll(() => list().getByRole('group', { name: 'Models on test' }).getByRole('option').allInnerTexts()).toEqual(['third-model']);
    await filter().fill('no such thing');
    await app.page.getByText('No model matches “no such thing”.').waitFor();
    await filter().fill('THIRD mod');
    await expect.poll(() => list().getByRole('option').count()).toBe(1);
    await app.page.keyboard.press('Enter');
    await list().waitFor({ state: 'detached' });
    await picker().filter({ hasText: 'third-model · test' }).waitFor();

    app.llm.enqueue({ text: 'Written by the third.' });
    await sendChat(app.page, 'hello');
    await waitForAnswer(app.page, 'Written by the third.');
    expect(app.llm.requests.at(-1)!.body.model).toBe('third-model');
    const footer = app.page.locator('[data-role="assistant"]').last().getByTestId('answer-model');
    await expect.poll(() => footer.textContent()).toBe('third-model');
    await app.page.locator('[data-role="assistant"]').last().hover();
    await app.screenshot('model-list-answer-footer');
  });

  it('the chat keeps its model after a reload, and the answer still names it', async () => {
    await app.page.reload();
    await picker().filter({ hasText: 'third-model · test' }).waitFor();
    await waitForAnswer(app.page, 'Written by the third.');
    expect(await app.page.locator('[data-role="assistant"]').last().getByTestId('answer-model').textContent()).toBe('third-model');
  });

  it('names the fallback that answered when the chat’s model failed', async () => {
    app.llm.setFallback((req) => (req.body.model === 'third-model' ? { status: 503, errorMessage: 'overloaded' } : { text: 'The backup answers.' }));
    await sendChat(app.page, 'again');
    await waitForAnswer(app.page, 'The backup answers.');
    const row = app.page.locator('[data-role="assistant"]').last();
    await row.getByText('Answered by backup (fake-model-large) (fallback for the chat’s model)').waitFor();
    await expect.poll(() => row.getByTestId('answer-model').textContent()).toBe('backup (fake-model-large)');
    await app.page.reload();
    await waitForAnswer(app.page, 'The backup answers.');
    const stored = app.page.locator('[data-role="assistant"]').last();
    await stored.getByText('Answered by backup (fake-model-large)', { exact: false }).waitFor();
    expect(await stored.getByTestId('answer-model').textContent()).toBe('backup (fake-model-large)');
  });

  it('keeps the list until refreshed; a preset picked later replaces the chat’s own model', async () => {
    app.llm.models.push('fourth-model');
    const before = app.llm.modelRequests.length;
    await picker().click();
    await list().getByRole('option', { name: 'third-model' }).waitFor();
    expect(await list().getByRole('option', { name: 'fourth-model' }).count()).toBe(0);
    expect(app.llm.modelRequests.length).toBe(before);
    await app.page.getByRole('button', { name: 'Read the model lists again' }).click();
    await list().getByRole('option', { name: 'fourth-model' }).waitFor();
    await filter().focus();
    await filter().fill('backup');
    await app.page.keyboard.press('Enter');
    await picker().filter({ hasText: 'backup · fake-model-large' }).waitFor();
    expect(await picker().evaluate((el) => el === document.activeElement)).toBe(true);
    app.llm.models.splice(2);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the model picker in Chinese', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN', config: PRESETS });
    await app.page.getByRole('textbox', { name: '消息' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('labels its groups and filter in Chinese, axe clean in both themes', async () => {
    await app.page.getByRole('button', { name: /^此对话的模型：/ }).click();
    const list = app.page.getByRole('listbox', { name: '模型' });
    await list.getByRole('group', { name: 'test 上的模型' }).waitFor();
    await list.getByRole('group', { name: '预设' }).waitFor();
    await app.page.getByRole('combobox', { name: '筛选模型' }).waitFor();
    await shootBothThemes(app, app.page, 'model-list-open-zh');
    expect(await axeViolations(app.page, '.model-picker')).toEqual([]);
    await app.page.keyboard.type('large');
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');
    await app.page.getByRole('button', { name: /^此对话的模型：fake-model-large · test/ }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
