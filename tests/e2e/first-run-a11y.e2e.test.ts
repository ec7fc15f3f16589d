// The first-run window (no provider yet: the empty chat offers "Connect a model") in real Chromium, in light and
// dark, in English and Chinese: axe finds no serious or critical violation, and screenshots land in
// test-results/screenshots/onboarding-<theme>-<lang>.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './helpers/e2e-app';

const FIRST_RUN = { providers: {}, agent: { provider: 'openai', model: 'gpt-4.1-mini' } };

describe('first run: axe-clean in both themes, screenshots in both languages', () => {
  let app: E2eApp;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    app = await startE2eApp({ config: FIRST_RUN });
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    it(`${lang}: the setup offered in the empty chat`, async () => {
      const context = await app.browser!.newContext({ viewport: { width: 1200, height: 800 }, locale, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${app.host.port}/?token=${app.host.token}`);
      await page.getByRole('form').first().waitFor();
      await page.waitForTimeout(300);
      const problems: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        for (const v of await axeViolations(page)) {
          if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${theme}/${lang}: ${v.id} ${v.targets.slice(0, 3).join(' | ')}`);
        }
        await page.screenshot({ path: join(SCREENSHOT_DIR, `onboarding-${theme}-${lang}.png`) });
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
