#!/usr/bin/env node
// Renderer figures: bundle size of out/renderer/assets (raw and gzip), the chat window's first load (what
// index.html loads before anything is lazy: scripts, preloads, styles) against its target, and with --e2e the
// figures the Chromium tests print (first token → on screen, frame times streaming into 5,000 messages, paging),
// with their targets. Build first: `npx electron-vite build`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const RENDERER = join(ROOT, 'out', 'renderer');
const ASSETS = join(RENDERER, 'assets');
/** Targets of issue 17 for the Chromium figures (the line that carries the figure, how to read it, the target). */
const TARGETS = [
  { line: 'frame time while streaming into 5,000 messages', read: /p95 ([\d.]+) ms/, name: 'frame_p95_streaming_5k_ms', target: 20 },
  { line: 'page all 5,000 messages into the list', read: /: (\d+) ms/, name: 'paging_5k_ms', target: 600 },
];

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
  const run = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.mts', 'tests/e2e/chat-ui.e2e.test.ts', 'tests/e2e/perf-ui.e2e.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((l) => l.includes('[figure]')).map((l) => l.replace(/^.*\[figure\]\s*/, ''));
  console.log('\nChromium figures:');
  for (const l of lines) console.log(`  ${l}`);
  for (const t of TARGETS) {
    const value = Number(lines.find((l) => l.includes(t.line))?.match(t.read)?.[1]);
    if (Number.isFinite(value)) console.log(`${t.name} ${value} (${t.line}; target ≤ ${t.target}) ${value <= t.target ? 'ok' : 'MISSED'}`);
  }
  if (run.status !== 0) {
    console.error('the e2e run failed; see `npx vitest run -c vitest.e2e.config.mts`');
    process.exit(run.status ?? 1);
  }
}
