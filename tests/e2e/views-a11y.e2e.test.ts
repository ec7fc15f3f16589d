// Every view of the window in real Chromium, in light and dark, in English and Chinese: axe-core finds no
// serious or critical violation, and a screenshot of each lands in test-results/screenshots/
// (<view>-<theme>-<lang>.png) for a person to look at. Quick ask is checked at its popup size.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './helpers/e2e-app';
import { openPlanChat, TOUR } from './helpers/view-tour';
import { sendChat, waitForAnswer, waitIdle } from './ui-helpers';

const LANGUAGES = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh', locale: 'zh-CN' },
] as const;
const THEMES = ['light', 'dark'] as const;

/** axe's serious and critical findings on the page in both themes, and a screenshot of each. */
async function lookAt(page: Page, name: string, lang: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(40);
    for (const v of await axeViolations(page)) {
      if (process.env.AXE_ALL || v.impact === 'serious' || v.impact === 'critical') found.push(`${name}/${theme}/${lang}: ${v.id} ${v.targets.slice(0, 3).join(' | ')}`);
    }
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}-${lang}.png`) });
  }
  return found;
}

describe('every view: axe-clean in both themes, screenshots in both languages', () => {
  let app: E2eApp;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    app = await startE2eApp({
      config: { tools: { approval: { mode: 'ask' } } },
      prepareHome: (home) => {
        mkdirSync(join(home.workspace, 'memory'), { recursive: true });
        writeFileSync(join(home.workspace, 'memory', 'MEMORY.md'), '# Memory\n\n- Prefers short answers.\n- [ ] Water the basil\n');
        writeFileSync(join(home.workspace, 'USER.md'), '# User\n\nName: Ada\n');
      },
    });
    const { page } = app;
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    app.llm.enqueue({
      text: 'Here is the plan:\n\n- [x] milk\n- [ ] bread\n\n| item | qty |\n| --- | --- |\n| eggs | 12 |\n\n```ts\nconst total: number = 12; // eggs\n```\n\nAnything else?',
    });
    await sendChat(page, 'Make a shopping plan');
    await waitForAnswer(page, 'Anything else?');
    // A memory version to show in History.
    await page.keyboard.press('Control+2');
    await page.locator('.editor-text').waitFor();
    await page.locator('.editor-text').fill('# Memory\n\n- Prefers short answers.\n- [x] Water the basil\n');
    await page.keyboard.press('Control+s');
    await page.locator('.badge-ok').first().waitFor();
    // An approval waiting in the chat (the dock), answered at the end.
    await page.keyboard.press('Control+1');
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'echo tour' } }] }, { text: 'Done.' });
    await sendChat(page, 'Run echo');
    await page.locator('.approval-dock .approval-card').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const { lang, locale } of LANGUAGES) {
    it(`${lang}: every view of the window`, async () => {
      const context = await app.browser!.newContext({ viewport: { width: 1200, height: 800 }, locale, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${app.host.port}/?token=${app.host.token}`);
      await openPlanChat(page);
      await page.locator('.approval-dock .approval-card').waitFor();
      const problems: string[] = [];
      for (const stop of TOUR) {
        await stop.open(page);
        problems.push(...(await lookAt(page, stop.name, lang)));
        await stop.close?.(page);
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  it('the waiting approval can still be answered', async () => {
    await app.page.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitIdle(app.page);
    expect(app.pageErrors).toEqual([]);
  });

  // After the approval is answered: the scripted model answers in order, and the chat's turn is done by then.
  for (const { lang, locale } of LANGUAGES) {
    it(`${lang}: quick ask at its popup size`, async () => {
      const context = await app.browser!.newContext({ viewport: { width: 560, height: 380 }, locale, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${app.host.port}/quick.html?token=${app.host.token}`);
      await page.locator('.quick-input').waitFor();
      const problems = await lookAt(page, 'quick-ask', lang);
      app.llm.enqueue({ text: `Sure (${lang}):\n\n\`\`\`bash\nls -la ~/Downloads\n\`\`\`\n\nThat lists the folder.` });
      await page.locator('.quick-input').fill('How do I list my downloads?');
      await page.locator('.quick-input').press('Enter');
      await page.locator('.quick-answer .hljs-built_in, .quick-answer code.hljs').first().waitFor();
      await page.locator('.quick-answer', { hasText: 'That lists the folder.' }).waitFor();
      problems.push(...(await lookAt(page, 'quick-ask-answer', lang)));
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
