// WCAG AA contrast of the theme tokens in tokens.css: text colours on every background they sit on, in
// light and dark (4.5:1 for text; 3:1 for the focus ring and accent against the page).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(resolve(__dirname, '../../src-renderer/src/styles/tokens.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  const body = CSS.slice(start, CSS.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6});/g)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const light = block(':root');
const dark = { ...light, ...block(":root[data-theme='dark']") };

const TEXT_PAIRS: Array<[string, string]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface-2'],
  ['text', 'user-bubble'],
  ['text-muted', 'bg'],
  ['text-muted', 'surface'],
  ['text-muted', 'surface-2'],
  ['text-faint', 'bg'],
  ['text-faint', 'surface'],
  ['accent', 'surface'],
  ['accent', 'bg'],
  ['accent', 'accent-soft'],
  ['accent-contrast', 'accent'],
  ['danger', 'surface'],
  ['danger', 'danger-soft'],
  ['success', 'success-soft'],
  ['warning', 'warning-soft'],
  ['warning', 'surface'],
  ['text', 'diff-add'],
  ['text', 'diff-del'],
  ['text', 'code-bg'],
  ['surface', 'danger'],
  ['success', 'surface'],
  ['text-muted', 'accent-soft'],
  ['syn-keyword', 'code-bg'],
  ['syn-string', 'code-bg'],
  ['syn-number', 'code-bg'],
  ['syn-comment', 'code-bg'],
  ['syn-title', 'code-bg'],
  ['syn-type', 'code-bg'],
  ['syn-attr', 'code-bg'],
];

describe('theme contrast (WCAG AA)', () => {
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${name}: every text colour reaches 4.5:1 on its backgrounds`, () => {
      const failing = TEXT_PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(theme[fg]!, theme[bg]!) }))
        .filter((x) => x.ratio < 4.5)
        .map((x) => `${x.pair}: ${x.ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });

    it(`${name}: the focus ring stands out from the page (3:1)`, () => {
      expect(contrast(theme.focus!, theme.bg!)).toBeGreaterThanOrEqual(3);
      expect(contrast(theme.focus!, theme.surface!)).toBeGreaterThanOrEqual(3);
    });
  }

  it('computes known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
