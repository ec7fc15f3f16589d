// Runs axe-core (the accessibility rules engine) inside a page and returns its violations, for a11y assertions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** axe-core's violations inside `selector` (default: the whole document), as `{ id, impact, targets }`. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not apply to.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // Colours measured halfway through a transition (a button that just appeared under the pointer fades to its
  // hover colour) are neither the before nor the after: let running transitions and animations finish first.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(context ? { include: [context] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  }, selector ?? null);
}
