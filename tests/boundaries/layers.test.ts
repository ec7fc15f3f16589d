// The core's folders are layers: no import (type-only ones included) runs from a folder to a later one.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../helpers/import-graph';
import { layerViolations, unitOf } from '../helpers/layer-rules';
import { CORE_LAYERS } from '../../src-main/core/layers';

const ROOT = resolve(__dirname, '../..');
const CORE = 'src-main/core/';

/** The core's import graph with core-relative paths, type-only imports included (they tie folders just as much). */
function coreGraph(): Map<string, string[]> {
  const graph = importGraph(ROOT, 'src-main/core', { types: true });
  return new Map([...graph].map(([file, targets]) => [file.slice(CORE.length), targets.map((t) => t.slice(CORE.length))]));
}

describe('the core layers', () => {
  it('name every folder and root file of the core once', () => {
    const listed = CORE_LAYERS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    const present = readdirSync(resolve(ROOT, CORE)).filter((name) => name !== 'layers.ts');
    expect([...present].sort()).toEqual([...listed].sort());
  });

  it('hold: no file imports from a later rank or from another folder of its own rank', () => {
    const graph = coreGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(layerViolations(graph, CORE_LAYERS)).toEqual([]);
  });

  it('are the order src-main/README.md shows', () => {
    const readme = readFileSync(resolve(ROOT, 'src-main/README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| *(\d+) *\| *`([\w.-]+)\/?` *\|/gm)].map((m) => [Number(m[1]), m[2]] as const);
    const ranks = CORE_LAYERS.flatMap((units, at) => units.map((unit) => [at + 1, unit] as const));
    expect(rows).toEqual(ranks);
  });
});

describe('the layer checker', () => {
  const layers = [['lib'], ['store', 'skills'], ['agent'], ['api.ts']];

  it('finds an import that runs up the order, across a rank, or into a folder the order does not name', () => {
    const graph = new Map([
      ['lib/clock.ts', ['lib/result.ts']],
      ['store/db.ts', ['lib/clock.ts', 'agent/loop.ts']],
      ['skills/skill.ts', ['store/db.ts']],
      ['agent/loop.ts', ['store/db.ts', 'skills/skill.ts', 'extra/x.ts']],
      ['api.ts', ['agent/loop.ts']],
    ]);
    expect(layerViolations(graph, layers)).toEqual([
      { file: 'store/db.ts', imports: 'agent/loop.ts', rule: 'agent comes after store in the layer order' },
      { file: 'skills/skill.ts', imports: 'store/db.ts', rule: 'skills and store share a rank and must not import each other' },
      { file: 'agent/loop.ts', imports: 'extra/x.ts', rule: 'extra has no place in the layer order' },
    ]);
  });

  it('passes a graph in which every import runs down', () => {
    const graph = new Map([
      ['agent/loop.ts', ['store/db.ts', 'skills/skill.ts', 'lib/clock.ts', 'agent/turn.ts']],
      ['api.ts', ['agent/loop.ts', 'lib/clock.ts']],
    ]);
    expect(layerViolations(graph, layers)).toEqual([]);
  });

  it('reads a path by its first folder, or as a root file', () => {
    expect(unitOf('tools/exec/exec.tool.ts')).toBe('tools');
    expect(unitOf('nanotray-core.ts')).toBe('nanotray-core.ts');
  });
});
