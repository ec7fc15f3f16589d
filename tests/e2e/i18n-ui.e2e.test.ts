// Languages in real Chromium: a Chinese browser gets the Chinese window (and <html lang>), Settings can switch
// it to English at once (lang "en": the browser names no English region), and the choice is saved in the config
// and survives a reload; an English window switches to Chinese (its catalogue fetched then) at once too. A heartbeat
// skip reason is shown in the window's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { heartbeatReasonText } from '../../src-preload/contract/heartbeat-reason-text';

describe('window language', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
    await app.page.getByRole('textbox', { name: '消息' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('follows a Chinese browser', async () => {
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await app.page.getByRole('button', { name: '新对话' }).count()).toBe(1);
    expect(await app.page.getByRole('navigation', { name: '视图' }).count()).toBe(1);
  });

  it('shows a heartbeat skip reason in Chinese (stored as a code, worded by the window)', async () => {
    const run = await app.core.heartbeat.runNow();
    expect(run.outcome).toBe('skipped');
    await app.page.getByRole('button', { name: '运行状态', exact: true }).click();
    const reason = app.page.getByTestId('heartbeat-reason').first();
    await reason.waitFor();
    const shown = await reason.innerText();
    expect(shown).toBe(heartbeatReasonText('zh', run.reason));
    expect(shown).toMatch(/[\u4e00-\u9fff]/);
    expect(shown).not.toBe(heartbeatReasonText('en', run.reason));
    await app.page.locator('#rt-heartbeat').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
    await app.screenshot('heartbeat-reason-zh');
  });

  it('switches to English from Settings without a reload, and keeps it', async () => {
    await app.page.getByRole('button', { name: '设置', exact: true }).click();
    await app.page.getByLabel('语言').selectOption('en');
    await app.page.getByRole('button', { name: 'Chat', exact: true }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => app.core.config().ui.language).toBe('en');
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});

describe('window language from English', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ locale: 'en-US' });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('switches to Chinese from Settings without a reload (the Chinese catalogue loaded then), in both themes', async () => {
    const chineseChunks: string[] = [];
    app.page.on('request', (r) => {
      if (/\/assets\/zh-[^/]+\.js$/.test(r.url())) chineseChunks.push(r.url());
    });
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await app.page.getByLabel('Language').selectOption('zh');
    await app.page.getByRole('button', { name: '对话', exact: true }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(chineseChunks).toHaveLength(1);
    await expect.poll(() => app.core.config().ui.language).toBe('zh');
    for (const theme of ['light', 'dark'] as const) {
      await app.page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await app.screenshot(`language-switched-zh-${theme}`);
    }
  });
});
