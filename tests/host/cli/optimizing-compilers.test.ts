// In a child Node process: after stopOptimizingCompilers, a hot function stays on the baseline tier (Sparkplug), while
// without the call the same work has V8 optimise it. (Node 20's V8 optimises nothing without TurboFan, even with
// --maglev, so its --no-maglev, for newer Node's Maglev, cannot be told apart here.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nanotray-tiers-'));
  buildSync({
    entryPoints: [join(__dirname, '../../../src-main/host/cli/optimizing-compilers.ts')],
    outfile: join(dir, 'optimizing-compilers.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
  });
  // Runs a hot loop in two bursts (the second after a pause, for a concurrent compilation to land), then prints the
  // tier the function runs on, as V8's own test helpers report it (--allow-natives-syntax).
  writeFileSync(
    join(dir, 'work.mjs'),
    `import { stopOptimizingCompilers } from './optimizing-compilers.mjs';
if (process.argv[2] === 'stop') stopOptimizingCompilers();
function hot(text) {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i) * i;
  return sum;
}
const text = 'x'.repeat(1000);
let total = 0;
for (let i = 0; i < 20000; i++) total += hot(text);
await new Promise((resolve) => setTimeout(resolve, 100));
for (let i = 0; i < 20000; i++) total += hot(text);
console.log(JSON.stringify({ turbofan: %ActiveTierIsTurbofan(hot), maglev: %ActiveTierIsMaglev(hot), sparkplug: %ActiveTierIsSparkplug(hot), total: total > 0 }));
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Tier = { turbofan: boolean; maglev: boolean; sparkplug: boolean; total: boolean };
const tierOfHotFunction = (...args: string[]): Tier => {
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', join(dir, 'work.mjs'), ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim()) as Tier;
};

describe('stopOptimizingCompilers', () => {
  it('keeps a hot function on the baseline tier while the same work gets it optimised without the call', () => {
    expect(tierOfHotFunction().turbofan).toBe(true);
    expect(tierOfHotFunction('stop')).toEqual({ turbofan: false, maglev: false, sparkplug: true, total: true });
  });
});
