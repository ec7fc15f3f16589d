#!/usr/bin/env node
// `npm test`: builds the app, runs the unit/integration suite, the Chromium end-to-end suite and the Electron smoke
// test (where the Electron binary exists), then prints one plain summary line `N passed, N failed` (the line CI reads).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { NOT_RUN_EXIT } from './electron-smoke.mjs';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

/** The SQLite build tests use must load in this Node; rebuild it once if it does not. */
function ensureSqlite() {
  const major = Number(process.versions.node.split('.')[0]);
  const name = major < 22 ? 'better-sqlite3-node20' : 'better-sqlite3';
  const probe = `const D=require(${JSON.stringify(name)});new D(':memory:').close()`;
  if (spawnSync(process.execPath, ['-e', probe], { cwd: root }).status === 0) return;
  console.log(`[test] ${name} does not load in Node ${process.versions.node}; rebuilding it…`);
  run('npm', ['rebuild', name]);
}

function readCounts(file) {
  if (!existsSync(file)) return undefined;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    // a file that failed without a failed test (it did not load, a hook threw) counts once; one with failed tests
    // is already counted by them
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
    return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles };
  } catch {
    return undefined;
  }
}

function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (p && existsSync(p)) return p;
  }
  return undefined;
}

ensureSqlite();
let failedSteps = 0;

console.log('[test] typecheck (strict TypeScript, three projects)…');
if (run('npm', ['run', '--silent', 'typecheck']) !== 0) {
  console.error('[test] typecheck failed');
  failedSteps++;
}

console.log('[test] building the app (electron-vite build + CLI bundle)…');
if (run('npm', ['run', '--silent', 'build']) !== 0) {
  console.error('[test] build failed');
  failedSteps++;
}

const suites = [
  { name: 'unit', args: ['vitest', 'run'] },
  { name: 'e2e', args: ['vitest', 'run', '-c', 'vitest.e2e.config.mts'] },
];
let passed = 0;
let failed = 0;
for (const suite of suites) {
  const out = join(results, `${suite.name}.json`);
  rmSync(out, { force: true });
  const env = {};
  if (suite.name === 'e2e') {
    const chromium = chromiumPath();
    if (!chromium) {
      console.error('[test] e2e: no Chromium found. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
      failedSteps++;
      continue;
    }
    env.CHROMIUM_PATH = chromium;
  }
  console.log(`[test] ${suite.name} suite…`);
  const code = run(npx, [...suite.args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  const counts = readCounts(out);
  if (!counts) {
    console.error(`[test] ${suite.name}: the runner produced no results (exit ${code})`);
    failedSteps++;
    continue;
  }
  passed += counts.passed;
  failed += counts.failed;
  if (code !== 0 && counts.failed === 0) failedSteps++;
}

// The real app in the real Electron: one more passed or failed test when it ran; when the binary is absent it prints
// one line saying it did not run, and counts as neither.
console.log('[test] Electron smoke test…');
const smoke = run(process.execPath, [join(root, 'scripts', 'electron-smoke.mjs')]);
if (smoke === 0) passed++;
else if (smoke !== NOT_RUN_EXIT) failed++;

if (failedSteps) failed += failedSteps;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
