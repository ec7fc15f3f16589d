// Editing a cron job in place on the runtime panel (real Chromium through the browser host): Edit opens the add
// form prefilled, Save changes the job under the same id with its run history, and the schedule builder's fields
// show their whole words at the panel's width. English and Chinese, both themes, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

const WORDS = {
  'en-US': { runtime: 'Runtime', add: 'Add job', edit: 'Edit Morning news', form: 'Edit the job “Morning news”', addForm: 'Add a cron job', name: 'Name', message: 'What to do', kind: 'Schedule', expr: 'Cron expression', tz: 'Time zone', save: 'Save changes', after: 'Every day at 09:30 (Europe/Berlin)' },
  'zh-CN': { runtime: '运行状态', add: '添加任务', edit: '编辑 Morning news', form: '编辑任务“Morning news”', addForm: '添加定时任务', name: '名称', message: '要做什么', kind: '计划', expr: 'Cron 表达式', tz: '时区', save: '保存更改', after: '每天 09:30（Europe/Berlin）' },
} as const;

/** Whether every option's words fit inside the select, and every field of the form inside the form. */
async function fitsItsBox(page: Page): Promise<{ cut: string[]; outside: string[] }> {
  return page.locator('form.cron-form').evaluate((form) => {
    const select = form.querySelector('select')!;
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const cut = [...select.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
    const box = form.getBoundingClientRect();
    const outside = [...form.querySelectorAll('input, select, textarea, button')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5;
      })
      .map((el) => el.id || el.textContent || el.tagName);
    return { cut, outside };
  });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const w = WORDS[locale];
  describe(`editing a cron job (${locale})`, () => {
    let app: E2eApp;
    let jobId = '';

    beforeAll(async () => {
      app = await startE2eApp({ locale });
      const added = app.core.cron.add({ name: 'Morning news', message: 'Summarise the news', cron_expr: '0 8 * * 1-5', tz: 'Europe/Berlin', sessionKey: 'desktop:news' });
      if (!added.ok) throw new Error(added.error.message);
      jobId = added.value.id;
      app.llm.enqueue({ text: 'The news.' });
      const ran = await app.core.cron.runJobNow(jobId);
      expect(ran).toMatchObject({ ok: true, value: { status: 'ok' } });
      await app.page.getByRole('button', { name: w.runtime, exact: true }).click();
      await app.page.getByRole('row').filter({ hasText: 'Morning news' }).waitFor();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('the add form’s schedule builder shows its whole words in the runtime panel', async () => {
      await app.page.getByRole('button', { name: w.add }).click();
      const form = app.page.getByRole('form', { name: w.addForm });
      await form.waitFor();
      expect(await fitsItsBox(app.page)).toEqual({ cut: [], outside: [] });
      await form.getByLabel(w.kind).selectOption('cron');
      await form.getByLabel(w.tz).waitFor();
      expect(await fitsItsBox(app.page)).toEqual({ cut: [], outside: [] });
      await form.getByLabel(w.kind).selectOption('at');
      expect(await fitsItsBox(app.page)).toEqual({ cut: [], outside: [] });
      await form.getByLabel(w.kind).selectOption('every');
      await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shootBothThemes(app, app.page, `cron-add-form-${locale}`);
      expect(await axeViolations(app.page, 'form.cron-form')).toEqual([]);
      await app.page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
    });

    it('Edit opens the form prefilled; Save changes the job under the same id, its runs kept', async () => {
      const row = app.page.getByRole('row').filter({ hasText: 'Morning news' });
      await row.getByRole('button', { name: w.edit }).click();
      const form = app.page.getByRole('form', { name: w.form });
      await form.waitFor();
      expect(await form.getByLabel(w.name).inputValue()).toBe('Morning news');
      expect(await form.getByLabel(w.name).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await form.getByLabel(w.message).inputValue()).toBe('Summarise the news');
      expect(await form.getByLabel(w.kind).inputValue()).toBe('cron');
      expect(await form.getByLabel(w.expr, { exact: true }).inputValue()).toBe('0 8 * * 1-5');
      expect(await form.getByLabel(w.tz).inputValue()).toBe('Europe/Berlin');
      expect(await fitsItsBox(app.page)).toEqual({ cut: [], outside: [] });
      await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shootBothThemes(app, app.page, `cron-edit-form-${locale}`);
      expect(await axeViolations(app.page, '#rt-cron')).toEqual([]);

      await form.getByLabel(w.expr, { exact: true }).fill('30 9 * * *');
      await form.getByLabel(w.message).fill('Summarise the news, briefly');
      await form.getByRole('button', { name: w.save }).click();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => row.getByRole('button', { name: w.edit }).evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(async () => (await row.getByRole('cell').nth(1).innerText()).split('\n')).toEqual([w.after, '30 9 * * *']);
      expect(await row.innerText()).toContain('Summarise the news, briefly');
      const jobs = app.core.cron.list();
      expect(jobs.map((j) => j.id)).toEqual([jobId]);
      expect(jobs[0]).toMatchObject({ message: 'Summarise the news, briefly', schedule: { kind: 'cron', expr: '30 9 * * *', tz: 'Europe/Berlin' }, lastStatus: 'ok' });
      expect(app.core.cron.runs(jobId)).toHaveLength(1);
      await app.page.locator('#rt-cron').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
      await shootBothThemes(app, app.page, `cron-edited-${locale}`);
      expect(await axeViolations(app.page, '#rt-cron')).toEqual([]);
      expect(app.pageErrors).toEqual([]);
    });

    it('a wrong edit says why and changes nothing', async () => {
      const row = app.page.getByRole('row').filter({ hasText: 'Morning news' });
      await row.getByRole('button', { name: w.edit }).click();
      const form = app.page.getByRole('form', { name: w.form });
      await form.getByLabel(w.tz).fill('Mars/Base');
      await form.getByRole('button', { name: w.save }).click();
      await form.getByRole('alert').filter({ hasText: "unknown timezone 'Mars/Base'" }).waitFor();
      expect(app.core.cron.list()[0]!.schedule).toMatchObject({ tz: 'Europe/Berlin' });
      await form.getByLabel(w.tz).press('Escape');
      await form.waitFor({ state: 'detached' });
    });
  });
}
