// Import graph rules: no runtime import cycle anywhere, none at all in src-main (types included), core-base.ts a leaf.
import { relative, resolve, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allSpecifiers, findCycles, importGraph, resolveRelative, runtimeSpecifiers } from '../helpers/import-graph';

const ROOT = resolve(__dirname, '../..');

describe('import cycles', () => {
  it('src-main has none, type-only imports included (the composition root builds in dependency order)', () => {
    expect(findCycles(importGraph(ROOT, 'src-main', { types: true }))).toEqual([]);
  });

  it('no folder has a runtime import cycle', () => {
    for (const folder of ['src-main', 'src-preload', 'src-renderer']) expect(findCycles(importGraph(ROOT, folder))).toEqual([]);
  });

  it('core-base.ts imports only config/, store/, lib/, first-run setup and the contract\'s event and config types', () => {
    const file = resolve(ROOT, 'src-main/core/base/core-base.ts');
    const source = readFileSync(file, 'utf8');
    const targets = allSpecifiers(source)
      .map((spec) => resolveRelative(file, spec))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(ROOT, target).split(sep).join('/'));
    expect(targets.length).toBeGreaterThan(5);
    // onboard.ts (first-run setup) sits in config/ or beside core-base.ts in base/
    const allowed = /^src-main\/core\/(config|store|lib)\/|^src-main\/core\/base\/onboard\.ts$|^src-preload\/contract\/(event|config)-schema/;
    expect(targets.filter((rel) => !allowed.test(rel))).toEqual([]);
    expect(runtimeSpecifiers(source).filter((spec) => spec.includes('contract'))).toEqual([]);
  });
});

describe('the import-graph checker', () => {
  it('leaves out imports the compiler erases', () => {
    const source = [
      "import type { A } from './types-only';",
      "import { type B, type C } from './inline-types';",
      "import { type D, e } from './mixed';",
      "import f from './default';",
      "import * as g from './namespace';",
      "export { h } from './re-export';",
      "export type { I } from './type-re-export';",
      "import './side-effect';",
      "const j = await import('./dynamic');",
    ].join('\n');
    expect(runtimeSpecifiers(source).sort()).toEqual(['./default', './dynamic', './mixed', './namespace', './re-export', './side-effect']);
    expect(allSpecifiers(source)).toHaveLength(9);
  });

  it('finds every cycle, a file importing itself included, and nothing in a tree', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(findCycles(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toEqual([]);
  });
});
