// From the runtime panel's Heartbeat card to its tasks (real Chromium): "Edit tasks" opens HEARTBEAT.md in the memory
// editor (the template's example visible in its preview), and what is saved there is the file the heartbeat reads. English and Chinese, both themes, axe clean.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

const TEMPLATE = readFileSync(join(__dirname, '../../resources/workspace/HEARTBEAT.md'), 'utf8');
const TASKS = `${TEMPLATE.trimEnd()}\n\n- Check whether the plants need water\n`;

for (const [locale, runtime, edit, text] of [
  ['en-US', 'Runtime', 'Edit tasks', 'Text of HEARTBEAT.md'],
  ['zh-CN', '运行状态', '编辑任务', null],
] as const) {
  describe(`heartbeat tasks from the Heartbeat card (${locale})`, () => {
    let app: E2eApp;

    beforeAll(async () => {
      app = await startE2eApp({ locale, prepareHome: (home) => writeFileSync(join(home.workspace, 'HEARTBEAT.md'), TASKS) });
      await app.page.getByRole('button', { name: runtime, exact: true }).click();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('opens HEARTBEAT.md in the memory editor, where a saved task reaches the file', async () => {
      const button = app.page.getByRole('button', { name: edit });
      await button.waitFor();
      expect(await axeViolations(app.page, 'section[aria-labelledby="rt-heartbeat"]')).toEqual([]);
      await button.click();
      const editor = app.page.locator('textarea[aria-label*="HEARTBEAT.md"]');
      await editor.waitFor();
      if (text) expect(await editor.getAttribute('aria-label')).toBe(text);
      expect(await editor.inputValue()).toBe(TASKS);
      // the template's example shows in the preview (it is no comment), above the tasks
      await app.page.locator('.markdown blockquote', { hasText: 'Every morning, check whether the build' }).waitFor();
      await shootBothThemes(app, app.page, `heartbeat-tasks-${locale}`);
      await editor.click();
      await editor.press('Control+End');
      await editor.pressSequentially('- Remind me to stretch\n');
      await editor.press('Control+s');
      await expect.poll(() => readFileSync(join(app.home.workspace, 'HEARTBEAT.md'), 'utf8')).toContain('- Remind me to stretch');
      expect(app.pageErrors).toEqual([]);
    });
  });
}
