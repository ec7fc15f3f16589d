#!/usr/bin/env node
// Renderer figures: bundle size of out/renderer/assets (raw and gzip), the chat window's first load (what
// index.html loads before anything is lazy: scripts, preloads, styles) against its target, and with --e2e the
// Chromium figures of scripts/bench/renderer-bench.ts (a 5,000-message chat opened, paged in and streamed into, the
// first token to the screen, a search hit, start to interactive, quick ask to a focused input) with their targets.
// Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleBench } from './bench/bundle-bench.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const RENDERER = join(ROOT, 'out', 'renderer');
const ASSETS = join(RENDERER, 'assets');

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
const gzipOf = new Map();
console.log('Renderer bundle (out/renderer/assets):');
for (const f of files.sort()) {
  const data = readFileSync(join(ASSETS, f));
  const z = gzipSync(data).length;
  gzipOf.set(f, z);
  raw += data.length;
  gz += z;
  console.log(`  ${f.padEnd(28)} ${kb(data.length).padStart(10)}  gzip ${kb(z).padStart(9)}`);
}
console.log(`  ${'total'.padEnd(28)} ${kb(raw).padStart(10)}  gzip ${kb(gz).padStart(9)}`);

// The chat window's first load: every asset index.html names (entry script, modulepreloads, stylesheets).
const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
const firstLoad = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+)"/g)].map((m) => m[1]);
const chatGzip = firstLoad.reduce((n, f) => n + (gzipOf.get(f) ?? 0), 0);
const lazyGzip = gz - chatGzip - [...gzipOf].filter(([f]) => f.startsWith('quick')).reduce((n, [, z]) => n + z, 0);
console.log(
  `chat_bundle_gzip_kb ${(chatGzip / 1024).toFixed(1)} (what the chat window loads first: ${firstLoad.join(', ')}; lazy chunks ${kb(lazyGzip)} more; target ≤ 250 KB with highlighting) ${chatGzip <= 250 * 1024 ? 'ok' : 'MISSED'}`,
);

if (process.argv.includes('--e2e')) {
  const bench = await bundleBench('renderer-bench');
  const run = spawnSync(process.execPath, [bench], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } });
  if (run.status !== 0) {
    console.error(run.stderr.trim() || `the Chromium bench exited ${run.status}`);
    process.exit(run.status ?? 1);
  }
  console.log(`\nChromium figures (headless, 1200×800; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
  for (const f of JSON.parse(run.stdout.trim().split('\n').at(-1))) {
    const value = f.unit === 'ms' ? f.value.toFixed(1) : String(f.value);
    const target = f.target === undefined ? '' : `; target ≤ ${f.target} ${f.value <= f.target ? 'ok' : 'MISSED'}`;
    console.log(`${f.name} ${value} (${f.about}${target})`);
  }
}
