// Math and diagrams in answers, in real Chromium: TeX is drawn by KaTeX (loaded only when math first appears) with
// MathML for screen readers and prices left as text; a mermaid block in a finished answer becomes a picture with a
// "Show source" toggle, drawn again for the dark theme; a diagram that cannot be drawn says so beside its code; a
// hostile diagram runs nothing. Both themes and both languages, axe clean.
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

/** A string only KaTeX's own code contains. */
const KATEX_MARKER = 'KaTeX parse error';
const FLOW = '```mermaid\ngraph TD\n  Start[Read the mail] --> Decide{Urgent?}\n  Decide -->|yes| Reply[Answer now]\n  Decide -->|no| Later[Tomorrow]\n```';

async function seriousAxe(app: E2eApp): Promise<string[]> {
  return (await axeViolations(app.page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.targets.join(' | ')}`);
}

describe('rich answers: math and diagrams', () => {
  let app: E2eApp;
  const scripts: Array<Promise<string>> = [];
  const requests: string[] = [];

  beforeAll(async () => {
    app = await startE2eApp();
    app.page.on('response', (r: Response) => {
      if (r.url().endsWith('.js')) scripts.push(r.text());
    });
    app.page.on('request', (r) => requests.push(r.url()));
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('draws TeX only once math appears, inline and display, with MathML; prices stay text', async () => {
    const { page } = app;
    app.llm.enqueue({ text: 'Plain words first.' });
    await sendChat(page, 'hello');
    await waitForAnswer(page, 'Plain words first.');
    expect((await Promise.all(scripts)).some((b) => b.includes(KATEX_MARKER))).toBe(false);

    app.llm.enqueue({ text: 'Energy is $E = mc^2$, it costs $5 and $10.\n\n$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$\n\nAlso \\(a+b\\) and \\$ signs.' });
    await sendChat(page, 'math please');
    const answer = page.locator('[data-role="assistant"] .markdown').last();
    await answer.locator('.math-display .katex-display, .math-display .katex').first().waitFor();
    expect((await Promise.all(scripts)).some((b) => b.includes(KATEX_MARKER))).toBe(true);
    const shape = await answer.evaluate((el) => ({
      inline: el.querySelectorAll('.katex').length,
      display: el.querySelectorAll('.math-display').length,
      annotations: [...el.querySelectorAll('annotation')].map((a) => a.textContent),
      text: (el as HTMLElement).innerText,
    }));
    expect(shape.display).toBe(1);
    expect(shape.inline).toBeGreaterThanOrEqual(3); // E = mc^2, the integral, a+b
    expect(shape.annotations).toEqual(expect.arrayContaining(['E = mc^2', 'a+b']));
    expect(shape.text).toContain('costs $5 and $10.');
    expect(shape.text).toContain('$ signs');
    expect(await seriousAxe(app)).toEqual([]);
  });

  it('draws a mermaid block as a picture with its source one button away, in each theme', async () => {
    const { page } = app;
    app.llm.enqueue({ text: `The flow:\n\n${FLOW}\n\nThat is all.` });
    await sendChat(page, 'diagram please');
    await waitForAnswer(page, 'That is all.');
    const figure = page.locator('[data-role="assistant"] figure.diagram').last();
    const picture = figure.getByRole('img');
    await picture.waitFor();
    expect(await picture.getAttribute('alt')).toMatch(/^Diagram \(flowchart/);
    const light = await picture.getAttribute('src');
    expect(light).toMatch(/^data:image\/svg\+xml/);
    const svg = decodeURIComponent(light!);
    for (const word of ['Read', 'mail', 'Urgent?', 'Tomorrow']) expect(svg).toContain(word);

    const toggle = figure.getByRole('button', { name: 'Show source' });
    await toggle.click();
    await expect.poll(() => figure.locator('.diagram-source').isVisible()).toBe(true);
    expect(await figure.locator('.diagram-source code').innerText()).toContain('Decide -->|yes| Reply');
    expect(await figure.getByRole('button', { name: 'Show diagram' }).getAttribute('aria-expanded')).toBe('true');
    await figure.getByRole('button', { name: 'Show diagram' }).click();
    await picture.waitFor();
    expect(await seriousAxe(app)).toEqual([]);

    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await expect.poll(() => page.locator('[data-role="assistant"] figure.diagram img').last().getAttribute('src')).not.toBe(light);
    expect(await seriousAxe(app)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await shootBothThemes(app, page, 'rich-answers');
  });

  it('says why a diagram could not be drawn and keeps its code', async () => {
    const { page } = app;
    app.llm.enqueue({ text: 'Broken:\n\n```mermaid\ngraph TD\n  A -->\n  this is not mermaid ((( \n```\n\nDone.' });
    await sendChat(page, 'broken diagram');
    await waitForAnswer(page, 'Done.');
    const failed = page.locator('[data-role="assistant"] .diagram-failed').last();
    await failed.waitFor();
    expect(await failed.locator('.diagram-note').innerText()).toMatch(/^This diagram could not be drawn: /);
    expect(await failed.locator('code').innerText()).toContain('this is not mermaid');
  });

  it('runs nothing a hostile diagram or formula carries, and fetches nothing for them', async () => {
    const { page } = app;
    const before = requests.length;
    const hostile = [
      '```mermaid',
      'graph TD',
      '  A["<img src=x onerror=window.__pwned=1>"] --> B["<script>window.__pwned=2</script>"]',
      '  click A "javascript:window.__pwned=3"',
      '  C[<a href="http://evil.invalid/x">link</a>] --> D',
      '```',
      '',
      '$\\href{javascript:window.__pwned=4}{click}$ and $\\htmlStyle{background:url(http://evil.invalid/y)}{x}$',
      '',
      'End of attack.',
    ].join('\n');
    app.llm.enqueue({ text: hostile });
    await sendChat(page, 'attack');
    await waitForAnswer(page, 'End of attack.');
    await page.locator('[data-role="assistant"] .diagram').last().waitFor();
    await page.locator('[data-role="assistant"] .diagram:not(.diagram-pending)').last().waitFor();
    for (const link of await page.locator('[data-role="assistant"] .markdown a').all()) await link.click({ trial: true }).catch(() => undefined);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const live = await page.locator('[data-role="assistant"] .markdown').last().evaluate((root) => {
      const all = [...root.querySelectorAll('*')];
      return {
        scripts: root.querySelectorAll('script, iframe, object, embed, foreignObject').length,
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
        links: [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
        pictures: [...root.querySelectorAll('img')].map((img) => img.getAttribute('src')?.slice(0, 26)),
      };
    });
    expect(live).toEqual({ scripts: 0, handlers: [], links: [], pictures: ['data:image/svg+xml;charset'] });
    expect(requests.slice(before).filter((u) => u.includes('evil.invalid'))).toEqual([]);
  });
});

describe('rich answers in Chinese', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the diagram and its toggle in Chinese', async () => {
    const { page } = app;
    app.llm.enqueue({ text: `流程：\n\n${FLOW}\n\n完毕。` });
    const box = page.getByRole('textbox').first();
    await box.click();
    await box.fill('画图');
    await box.press('Enter');
    const figure = page.locator('[data-role="assistant"] figure.diagram').last();
    await figure.getByRole('img').waitFor({ timeout: 30_000 });
    expect(await figure.getByRole('img').getAttribute('alt')).toMatch(/^图表（flowchart/);
    await figure.getByRole('button', { name: '查看源码' }).waitFor();
    expect(await seriousAxe(app)).toEqual([]);
    await app.screenshot('rich-answers-zh');
  });
});
