// A model the provider does not list, typed into the picker (real Chromium through the browser host): "Use
// '<name>'" on the provider, Enter chooses it for this chat, and the next model call asks for it. English and
// Chinese, both themes, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

for (const [locale, words] of [
  ['en-US', { picker: /^Model for this chat:/, list: 'Models', filter: 'Filter models', group: 'A model not in the lists', message: 'Message', use: 'Use “secret-model” on test', noMatch: 'No model matches “secret-model”.' }],
  ['zh-CN', { picker: /^此对话的模型/, list: '模型', filter: '筛选模型', group: '列表中没有的模型', message: '消息', use: '使用“secret-model” 在 test 上', noMatch: '没有与“secret-model”匹配的模型。' }],
] as const) {
  describe(`a typed model name (${locale})`, () => {
    let app: E2eApp;
    const picker = () => app.page.getByRole('button', { name: words.picker });
    const list = () => app.page.getByRole('listbox', { name: words.list });

    beforeAll(async () => {
      app = await startE2eApp({ locale });
      await app.page.getByRole('textbox', { name: words.message }).waitFor();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('offers "Use" for a name the server does not list; Enter chooses it and the next call asks for it', async () => {
      await picker().click();
      const filter = app.page.getByRole('combobox', { name: words.filter });
      await list().getByRole('option', { name: /fake-model-large/ }).waitFor(); // the server's list arrived
      await filter.fill('secret-model');
      const typed = list().getByRole('group', { name: words.group });
      await typed.waitFor();
      expect((await list().getByRole('option').allInnerTexts()).map((x) => x.replace(/\s+/g, ' ').trim())).toEqual([words.use]);
      await app.page.getByText(words.noMatch).waitFor();
      expect(await list().getByRole('option').first().getAttribute('data-active')).toBe('true');
      await shootBothThemes(app, app.page, `model-typed-${locale}`);
      expect(await axeViolations(app.page, '.model-picker')).toEqual([]);

      await filter.press('Enter');
      await list().waitFor({ state: 'detached' });
      await picker().filter({ hasText: 'secret-model · test' }).waitFor();
      app.llm.enqueue({ text: 'From the unlisted one.' });
      const box = app.page.getByRole('textbox', { name: words.message });
      await box.fill(locale === 'en-US' ? 'hello' : '你好');
      await box.press('Enter');
      await app.page.locator('[data-role="assistant"] .markdown', { hasText: 'From the unlisted one.' }).waitFor();
      expect(app.llm.requests.at(-1)!.body.model).toBe('secret-model');
      expect(app.pageErrors).toEqual([]);
    });
  });
}
