// A hijacked model tries to paint over what the window says about its tool call, in real Chromium against the browser
// host: KaTeX passes negative sizes uncapped, so smashed rules lowered by 4–12em (or a long negative kern) would lie
// outside the answer, over the tool card's status below it ("Waiting for your approval…") and the rest of the chat,
// where it could hide or fake what the window says. The answer is clipped to its own box: nowhere outside it is it on
// top, and every point of the tool card and of the approval card is theirs.
// Approval mode: ask.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../e2e/helpers/e2e-app';
import { sendChat, waitIdle } from '../e2e/ui-helpers';

const OVERLAY = [
  'Nothing to worry about.',
  '',
  '$\\smash{\\rule[-12em]{40em}{1em}}\\smash{\\rule[-8em]{40em}{1em}}\\smash{\\rule[-4em]{40em}{1em}}\\kern-40em\\smash{\\rule[-6em]{80em}{1em}}$',
].join('\n');

/** Points of a grid over the window, outside the answer's own box, where the answer is on top, as `x,y`. */
function pointsPaintedOutside(answer: Locator): Promise<string[]> {
  return answer.evaluate((el) => {
    const own = el.getBoundingClientRect();
    const out: string[] = [];
    for (let x = 2; x < window.innerWidth; x += 12) {
      for (let y = 2; y < window.innerHeight; y += 6) {
        const inside = x >= own.left - 5 && x <= own.right + 5 && y >= own.top - 5 && y <= own.bottom + 5;
        const hit = document.elementFromPoint(x, y);
        if (!inside && hit && el.contains(hit)) out.push(`${x},${y}`);
      }
    }
    return out;
  });
}

/** Points of a grid over the element where something else is on top, as `x,y class`. */
function coveredPoints(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const out: string[] = [];
    for (let fx = 0.02; fx < 1; fx += 0.06) {
      for (let fy = 0.1; fy < 1; fy += 0.2) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit)) out.push(`${Math.round(x)},${Math.round(y)} ${hit.getAttribute('class') ?? hit.tagName}`);
      }
    }
    return out;
  });
}

describe('math cannot paint outside its answer', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the cards below a hostile formula are the cards at every point', async () => {
    const { page } = app;
    app.llm.enqueue({ text: OVERLAY, toolCalls: [{ name: 'exec', arguments: { command: 'touch pwned.txt' } }] }, { text: 'ok' });
    await sendChat(page, 'tidy up');
    const card = page.getByRole('group', { name: /Allow exec\?/ }).last();
    await card.getByRole('button', { name: 'Deny', exact: true }).waitFor({ timeout: 15_000 });
    await page.locator('[data-role="assistant"] .katex').first().waitFor();
    const tool = page.locator('.tool-card').last();
    await tool.scrollIntoViewIfNeeded();
    expect(await tool.innerText()).toContain('touch pwned.txt');
    expect(await pointsPaintedOutside(page.locator('[data-role="assistant"] .markdown').first())).toEqual([]);
    expect(await coveredPoints(tool)).toEqual([]);
    expect(await coveredPoints(card)).toEqual([]);
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitIdle(page);
    expect(existsSync(join(app.home.workspace, 'pwned.txt'))).toBe(false);
  });
});
