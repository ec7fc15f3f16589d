// The browser host's desktop notifications in real Chromium: the first report offers them once (the browser asks on
// a click; "Not now" is remembered across reloads); with permission, a report that arrives while the tab is in the
// background becomes a Notification whose click opens the report's chat, and none is shown while the tab is in front.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

const report = (body: string, sessionKey = 'heartbeat:default') => ({ type: 'notify' as const, title: 'Heartbeat', body, sessionKey, kind: 'heartbeat' as const });

/** Records every Notification the page makes (the real one still runs) and lets the test send the tab to the back. */
const RECORDER = `(() => {
  const Real = window.Notification;
  window.__shown = [];
  window.__hidden = false;
  class Recorded extends Real {
    constructor(title, options) { super(title, options); window.__shown.push({ title, body: options && options.body, n: this }); }
  }
  Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible'), configurable: true });
  Document.prototype.hasFocus = () => !window.__hidden;
})();`;

type Shown = { title: string; body: string }[];
const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: Shown }).__shown.map(({ title, body }) => ({ title, body })));

describe('browser host notifications', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the first report offers notifications once; "Not now" is remembered', async () => {
    app.core.events.emit(report('Water the basil'));
    const offer = app.page.getByText('Show heartbeat, cron and message reports as desktop notifications');
    await offer.waitFor();
    await shootBothThemes(app, app.page, 'web-notification-offer');
    await app.page.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    app.core.events.emit(report('Water the basil again'));
    await app.page.getByText('Water the basil again').first().waitFor(); // the in-app toast still shows it
    expect(await offer.count()).toBe(0);
  });

  it('with permission: a report in the background becomes a notification that opens its chat; none in front', async () => {
    const context = await app.browser!.newContext({ viewport: { width: 1200, height: 800 } });
    await context.grantPermissions(['notifications'], { origin: `http://127.0.0.1:${app.host.port}` });
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${app.host.port}/?token=${app.host.token}`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    app.core.events.emit(report('In front: a toast only'));
    await page.getByText('In front: a toast only').first().waitFor();
    expect(await shown(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Turn on' }).count()).toBe(0); // already allowed: nothing to offer

    ensureSession(app.core.db, 'desktop:garden');
    setSessionTitle(app.core.db, 'desktop:garden', 'Garden');
    await page.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
    app.core.events.emit(report('The basil looks dry.', 'desktop:garden'));
    await expect.poll(() => shown(page)).toEqual([{ title: 'Heartbeat', body: 'The basil looks dry.' }]);
    await page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = false;
      (window as unknown as { __shown: { n: Notification }[] }).__shown[0]!.n.onclick?.(new Event('click'));
    });
    await page.locator('.conv-title h1', { hasText: 'Garden' }).waitFor();
    await context.close();
  });
});
