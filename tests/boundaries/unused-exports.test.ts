// No dead code: every export of src-main, src-preload and src-renderer is imported somewhere (app, tests, scripts,
// bin) or used in its own file. Our own check rather than knip: knip loads the TypeScript compiler's JS API, which
// the native TypeScript 7 this repo builds with does not ship; @babel/parser (already here) reads every import.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deadExports } from '../helpers/unused-exports';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Exports nothing imports on purpose, each with why. Entry points (src-main/index.ts, the preload, the renderer's
 * main.tsx) export nothing today; one that must (a bundler or Electron loads it by file name) goes here.
 */
const ALLOWED: readonly string[] = [];

describe('unused exports', () => {
  it('finds none in src-main, src-preload and src-renderer', () => {
    const dead = deadExports(ROOT, ['src-main', 'src-preload', 'src-renderer'], ['tests', 'scripts', 'bin']);
    expect(dead.filter((entry) => !ALLOWED.includes(entry))).toEqual([]);
  });
});
