// Answers rendered in real Chromium: the highlighter is not in the first bundle and arrives with the first code
// block; code is coloured in both themes; a code block that settled while the answer streams keeps its DOM
// (it is not re-rendered or re-highlighted per token); task lists, tables and the copy button work; axe is clean.
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, waitForAnswer } from './ui-helpers';

/** A string only highlight.js's own code contains. */
const HIGHLIGHTER_MARKER = 'Falling back to no-highlight mode';

describe('markdown answers', () => {
  let app: E2eApp;
  const scripts: Array<{ url: string; body: Promise<string> }> = [];

  beforeAll(async () => {
    app = await startE2eApp();
    // Every script the page loads, from the first paint on (the reload starts the record clean).
    app.page.on('response', (r: Response) => {
      if (r.url().endsWith('.js')) scripts.push({ url: r.url(), body: r.text() });
    });
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads the highlighter only when the first code block arrives, then colours it', async () => {
    const { page } = app;
    app.llm.enqueue({ text: 'No code here, just words.' });
    await sendChat(page, 'hello');
    await waitForAnswer(page, 'just words');
    const before = await Promise.all(scripts.map((s) => s.body));
    expect(before.length).toBeGreaterThan(0);
    expect(before.some((b) => b.includes(HIGHLIGHTER_MARKER))).toBe(false);

    app.llm.enqueue({ text: 'Here:\n\n```ts\nconst answer: number = 42; // the answer\n```\n' });
    await sendChat(page, 'code please');
    await page.locator('[data-role="assistant"] .hljs-keyword', { hasText: 'const' }).first().waitFor();
    const after = await Promise.all(scripts.map((s) => s.body));
    expect(after.some((b) => b.includes(HIGHLIGHTER_MARKER))).toBe(true);
    const colours = await page.evaluate(() => {
      const keyword = document.querySelector('[data-role="assistant"] .hljs-keyword')!;
      const plain = keyword.closest('code')!;
      return { keyword: getComputedStyle(keyword).color, plain: getComputedStyle(plain).color };
    });
    expect(colours.keyword).not.toBe(colours.plain);
  });

  it('keeps a settled code block while the rest of the answer streams', async () => {
    const { page } = app;
    const rest = Array.from({ length: 12 }, (_, i) => `More words ${i}.\n\n`); // each a new paragraph: the settled part grows
    // the model holds the rest after the code block until the test has marked its DOM node, and again after
    // "More words 8." until the test has looked whether that node is still the same one
    const marked = gate();
    const looked = gate();
    app.llm.enqueue({
      text: ['Intro.\n\n```python\nprint("hi")\n```\n\n', ...rest, 'The end.'],
      holds: [
        { afterChunks: 2, until: marked.promise },
        { afterChunks: 11, until: looked.promise },
      ],
    });
    await sendChat(page, 'stream with code');
    const streamingCode = page.locator('[data-role="streaming"] .hljs-built_in, [data-role="streaming"] code.hljs').first();
    await streamingCode.waitFor();
    await page.evaluate(() => {
      (document.querySelector('[data-role="streaming"] .code-block') as HTMLElement & { marked?: boolean }).marked = true;
    });
    marked.open();
    await page.waitForFunction(() => document.querySelector('[data-role="streaming"]')?.textContent?.includes('More words 8.'));
    const kept = await page.evaluate(() => (document.querySelector('[data-role="streaming"] .code-block') as HTMLElement & { marked?: boolean } | null)?.marked === true);
    looked.open();
    expect(kept).toBe(true);
    await waitForAnswer(page, 'The end.');
  });

  it('renders task lists, tables and a working copy button, axe-clean in both themes', async () => {
    const { page } = app;
    await app.context!.grantPermissions(['clipboard-read', 'clipboard-write']);
    app.llm.enqueue({ text: 'Plan:\n\n- [x] milk\n- [ ] bread\n\n| item | qty |\n| --- | --- |\n| eggs | 12 |\n\n```bash\necho done\n```\n' });
    await sendChat(page, 'plan');
    await waitForAnswer(page, 'eggs');
    const answer = page.locator('[data-role="assistant"]').last();
    expect(await answer.getByRole('checkbox', { name: 'Done', exact: true }).isChecked()).toBe(true);
    expect(await answer.getByRole('checkbox', { name: 'Not done', exact: true }).isDisabled()).toBe(true);
    expect(await answer.getByRole('table').count()).toBe(1);
    await answer.getByRole('button', { name: 'Copy code' }).click();
    await answer.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('echo done');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const serious = (await axeViolations(page, '[data-role="assistant"]')).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, theme).toEqual([]);
    }
    expect(app.pageErrors).toEqual([]);
  });
});
