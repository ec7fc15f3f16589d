// In a child Node process: after stopYoungGenerationGrowth, allocation that keeps objects alive for a while no longer
// grows V8's young generation (without it, the same work grows it many times over).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nanotray-young-'));
  buildSync({
    entryPoints: [join(__dirname, '../../../src-main/host/cli/young-generation.ts')],
    outfile: join(dir, 'young-generation.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
  });
  // Allocates ~150 MB in objects that survive a few collections, then prints the young generation's size in MB.
  writeFileSync(
    join(dir, 'work.mjs'),
    `import { getHeapSpaceStatistics } from 'node:v8';
import { stopYoungGenerationGrowth } from './young-generation.mjs';
if (process.argv[2] === 'stop') stopYoungGenerationGrowth();
let kept = [];
for (let i = 0; i < 1500; i++) {
  for (let j = 0; j < 2000; j++) kept.push({ i, text: 'x' + j });
  if (kept.length > 200000) kept = [];
}
const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
console.log(young.space_size / 1048576);
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const youngMb = (...args: string[]): number => {
  const run = spawnSync(process.execPath, [join(dir, 'work.mjs'), ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
};

describe('stopYoungGenerationGrowth', () => {
  it('keeps the young generation at its size while the same work grows it without the call', () => {
    const grown = youngMb();
    const stopped = youngMb('stop');
    expect(grown).toBeGreaterThanOrEqual(8);
    expect(stopped).toBeLessThanOrEqual(2);
  });
});
