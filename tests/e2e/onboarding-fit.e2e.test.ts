// First run on a 1280×800 window (real Chromium): the answer of "Test connection" (the error card, or the model
// list) and "Save and start" are scrolled into sight above the composer, never left behind it. English and Chinese,
// both themes, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';
import { deadPort } from '../helpers/dead-port';

const WORDS = {
  'en-US': { form: 'Connect a model', other: 'Another OpenAI-compatible server', url: 'Address (base URL)', test: 'Test connection', failed: 'It did not answer', save: 'Save and start', model: 'Model' },
  'zh-CN': { form: '连接模型', other: '其他 OpenAI 兼容服务器', url: '地址（基础 URL）', test: '测试连接', failed: '没有应答', save: '保存并开始', model: '模型' },
} as const;

/** Whether the element's box ends above the composer's area (what the user can see of the pane). */
async function aboveComposer(app: E2eApp, selector: string): Promise<boolean> {
  return app.page.evaluate((sel) => {
    const el = document.querySelector(sel)!.getBoundingClientRect();
    const composer = document.querySelector('.chat-bottom')!.getBoundingClientRect();
    return el.bottom <= composer.top && el.top >= 0;
  }, selector);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const w = WORDS[locale];
  describe(`first run at 1280×800 (${locale})`, () => {
    let app: E2eApp;
    let dead: number;

    beforeAll(async () => {
      dead = await deadPort();
      app = await startE2eApp({
        locale,
        viewport: { width: 1280, height: 800 },
        config: { providers: {}, agent: { provider: 'openai', model: 'gpt-4.1-mini' } },
        env: { NANOTRAY_LOCAL_SERVERS: `ollama=http://127.0.0.1:${dead}/v1` },
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('shows the error card, then the model and "Save and start", above the composer', async () => {
      const form = app.page.getByRole('form', { name: w.form });
      await form.waitFor();
      await form.getByLabel(w.other).check();
      await form.getByLabel(w.url).fill(`http://127.0.0.1:${dead}/v1`);
      await form.getByRole('button', { name: w.test }).click();
      await form.getByText(w.failed).waitFor();
      await expect.poll(() => aboveComposer(app, '.provider-setup .banner')).toBe(true);
      await shootBothThemes(app, app.page, `onboarding-fit-error-${locale}`);

      await form.getByLabel(w.url).fill(app.llm.baseUrl);
      await form.getByRole('button', { name: w.test }).click();
      await form.getByLabel(w.model, { exact: true }).waitFor();
      await expect.poll(() => aboveComposer(app, '.provider-setup .setup-actions:last-child')).toBe(true);
      expect(await form.getByRole('button', { name: w.save }).isEnabled()).toBe(true);
      await shootBothThemes(app, app.page, `onboarding-fit-tested-${locale}`);
      expect(await axeViolations(app.page, '.provider-setup')).toEqual([]);
    });
  });
}
