#!/usr/bin/env node
// Renderer figures: bundle size of out/renderer/assets (raw and gzip), and with --e2e the figures the
// Chromium tests print (first token → on screen, frame times while streaming into 5,000 messages).
// Build first: `npx electron-vite build`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const ASSETS = join(ROOT, 'out', 'renderer', 'assets');

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

let files;
try {
  files = readdirSync(ASSETS).filter((f) => statSync(join(ASSETS, f)).isFile());
} catch {
  console.error('out/renderer/assets is missing: run `npx electron-vite build` first.');
  process.exit(1);
}
let raw = 0;
let gz = 0;
console.log('Renderer bundle (out/renderer/assets):');
for (const f of files.sort()) {
  const data = readFileSync(join(ASSETS, f));
  const z = gzipSync(data).length;
  raw += data.length;
  gz += z;
  console.log(`  ${f.padEnd(28)} ${kb(data.length).padStart(10)}  gzip ${kb(z).padStart(9)}`);
}
console.log(`  ${'total'.padEnd(28)} ${kb(raw).padStart(10)}  gzip ${kb(gz).padStart(9)}`);

if (process.argv.includes('--e2e')) {
  const run = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.mts', 'tests/e2e/chat-ui.e2e.test.ts', 'tests/e2e/perf-ui.e2e.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((l) => l.includes('[figure]'));
  console.log('\nChromium figures:');
  for (const l of lines) console.log(`  ${l.replace(/^.*\[figure\]\s*/, '')}`);
  if (run.status !== 0) {
    console.error('the e2e run failed; see `npx vitest run -c vitest.e2e.config.mts`');
    process.exit(run.status ?? 1);
  }
}
