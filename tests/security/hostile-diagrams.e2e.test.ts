// A hijacked model's mermaid diagrams, in real Chromium against the browser host. mermaid draws in the live page before
// the SVG becomes an <img>, so settings a diagram carries (`%%{init}%%`, front matter) were page CSS and HTML for that
// moment: themeCSS and fontFamily (`y; background-image: url(…)`) and htmlLabels with an <img> made the page request
// evil.invalid — only the CSP refused them. Now none of those settings is taken: no request is even attempted, no CSP
// report, in light, in the dark redraw and for a diagram that fails; style statements with url() do not parse; a
// gantt chart spanning 10,000 years of workdays and a diagram lifting its own edge limit stop with a reason instead
// of freezing the window. No tools run; approval mode: default.
import type { ConsoleMessage, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../e2e/helpers/e2e-app';
import { sendChat, waitForAnswer } from '../e2e/ui-helpers';

const HOSTILE: Record<string, string> = {
  'an init directive': '%%{init: {"themeCSS": ".node { background: url(http://evil.invalid/css) }", "fontFamily": "x; background: url(http://evil.invalid/font)", "securityLevel": "loose"}}%%\ngraph TD\n  A-->B',
  'front matter': '---\nconfig:\n  themeCSS: ".node { background: url(http://evil.invalid/fm) }"\n  fontFamily: "y; background-image: url(http://evil.invalid/fm2)"\n---\ngraph TD\n  A-->B',
  'HTML labels': '%%{init: {"htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%\ngraph TD\n  A["<b>bold</b><img src=http://evil.invalid/label>"]-->B',
  'theme variables': '%%{init: {"theme": "base", "themeVariables": {"primaryColor": "red; background: url(http://evil.invalid/tv)", "fontFamily": "z, url(http://evil.invalid/tv2)"}}}%%\ngraph TD\n  A-->B',
};

describe('hostile mermaid diagrams', () => {
  let app: E2eApp;
  const evil: string[] = [];
  const cspReports: string[] = [];
  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    // a request refused by the CSP still shows here: this sees attempts, not only what got out
    app.page.on('request', (r: Request) => {
      if (r.url().includes('evil.invalid')) evil.push(r.url());
    });
    app.page.on('console', (m: ConsoleMessage) => {
      if (m.text().includes('Content Security Policy')) cspReports.push(m.text().slice(0, 200));
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  beforeEach(() => {
    evil.length = 0;
    cspReports.length = 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function answerWithDiagram(name: string, source: string): Promise<void> {
    app.llm.enqueue({ text: `Here is ${name}:\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\nEnd of ${name}.` });
    await sendChat(app.page, name);
    await waitForAnswer(app.page, `End of ${name}.`);
    await app.page.locator('[data-role="assistant"] .diagram:not(.diagram-pending)').last().waitFor({ timeout: 30_000 });
  }

  it.each(Object.entries(HOSTILE))('%s changes no page style and requests nothing', async (name, source) => {
    await answerWithDiagram(name, source);
    const picture = app.page.locator('[data-role="assistant"] figure.diagram img').last();
    await picture.waitFor();
    const svg = decodeURIComponent((await picture.getAttribute('src')) ?? '');
    expect(svg).not.toContain('evil.invalid');
    expect(svg).not.toContain('foreignObject');
    expect(evil).toEqual([]);
    expect(cspReports).toEqual([]);
  });

  it('the dark redraw and a diagram that fails request nothing either', async () => {
    await app.page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await answerWithDiagram('a broken one', '%%{init: {"themeCSS": "* { background: url(http://evil.invalid/broken) }"}}%%\ngraph TD\n  A -->\n  (((');
    expect(await app.page.locator('[data-role="assistant"] .diagram-failed').last().isVisible()).toBe(true);
    await answerWithDiagram('a dark one', HOSTILE['an init directive']!);
    expect(evil).toEqual([]);
    expect(cspReports).toEqual([]);
    await app.page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
  });

  it('style statements cannot carry url()', async () => {
    await answerWithDiagram('styles', 'graph TD\n  A-->B\n  style A fill:#f9f,background-image:url(//evil.invalid/s1)\n  classDef c fill:url(//evil.invalid/s2)\n  class B c');
    expect(await app.page.locator('[data-role="assistant"] .diagram').last().getAttribute('class')).toContain('diagram-failed');
    expect(evil).toEqual([]);
  });

  it('a diagram cannot lift the edge limit: 600 edges stop with a reason', async () => {
    const edges = Array.from({ length: 600 }, (_, i) => `  n${i % 40} --> n${(i * 7 + 1) % 40}`).join('\n');
    await answerWithDiagram('a tangle', `%%{init: {"maxEdges": 100000, "maxTextSize": 10000000, "secure": []}}%%\ngraph TD\n${edges}`);
    const failed = app.page.locator('[data-role="assistant"] .diagram-failed').last();
    expect(await failed.locator('.diagram-note').innerText()).toMatch(/^This diagram could not be drawn: .*[Ee]dge/);
  });

  it('a gantt chart of 10,000 years of workdays stops with a reason; the window answers', async () => {
    await answerWithDiagram('a long plan', 'gantt\n  dateFormat YYYY-MM-DD\n  excludes weekends\n  section A\n  t :a1, 2000-01-01, 3650000d');
    const failed = app.page.locator('[data-role="assistant"] .diagram-failed').last();
    expect(await failed.locator('.diagram-note').innerText()).toMatch(/^This diagram could not be drawn: /);
    expect(await app.page.evaluate(() => 1 + 1)).toBe(2);
  });
});
