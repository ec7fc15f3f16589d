// Scheduled jobs in words on the runtime panel (real Chromium): "Weekdays at 08:00 (Europe/Berlin)" with the cron
// expression small beneath, in English and Chinese, both themes, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

for (const [locale, runtime, words] of [
  ['en-US', 'Runtime', 'Weekdays at 08:00 (Europe/Berlin)'],
  ['zh-CN', '运行状态', '工作日 08:00（Europe/Berlin）'],
] as const) {
  describe(`cron jobs in words (${locale})`, () => {
    let app: E2eApp;

    beforeAll(async () => {
      app = await startE2eApp({ locale });
      const added = app.core.cron.add({ name: 'Morning news', message: 'Summarise the news', cron_expr: '0 8 * * 1-5', tz: 'Europe/Berlin', sessionKey: 'desktop:news' });
      expect(added.ok).toBe(true);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('says when a job runs in words, the expression beneath', async () => {
      await app.page.getByRole('button', { name: runtime, exact: true }).click();
      const row = app.page.getByRole('row').filter({ hasText: 'Morning news' });
      await row.waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      expect(cells[1]!.split('\n')).toEqual([words, '0 8 * * 1-5']);
      expect(await row.innerText()).not.toContain("cron '");
      await app.page.locator('#rt-cron').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
      await shootBothThemes(app, app.page, `cron-words-${locale}`);
      expect(await axeViolations(app.page, '#rt-cron')).toEqual([]);
      expect(app.pageErrors).toEqual([]);
    });
  });
}
