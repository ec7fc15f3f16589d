// Builds the window (electron-vite build: out/renderer, with main and preload) when `nanotray web` needs it and it
// is missing or older than its sources: after a bare `npm install` the browser host works as the CLI does, with
// no separate build step. Only in a checkout (an installed app ships its window built and has no sources).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { newestMtime, ROOT } from './build-cli.mjs';

const WINDOW_INDEX = join('out', 'renderer', 'index.html');
const SOURCE_DIRS = ['src-renderer', 'src-preload'];

/** `ready`, or why a build is due: `missing` (never built) or `stale` (sources changed since). */
export function windowBuildState(root = ROOT) {
  let built;
  try {
    built = statSync(join(root, WINDOW_INDEX)).mtimeMs;
  } catch {
    return 'missing';
  }
  const newest = Math.max(...SOURCE_DIRS.map((d) => newestMtime(join(root, d), () => true)));
  return newest > built ? 'stale' : 'ready';
}

/** The electron-vite CLI of this checkout, or undefined (an installed app, or dependencies not installed). */
function electronViteBin(root) {
  if (!existsSync(join(root, 'src-renderer'))) return undefined;
  try {
    return createRequire(join(root, 'package.json')).resolve('electron-vite/bin/electron-vite.js');
  } catch {
    return undefined;
  }
}

/**
 * Builds the window when it is missing or stale and this is a checkout that can build it. Returns `ready`,
 * `built`, or `{ failed: reason }`; a stale window whose rebuild fails is still served (the caller decides).
 */
export function ensureWindowBuilt(root = ROOT, log = (line) => process.stderr.write(`${line}\n`)) {
  const state = windowBuildState(root);
  if (state === 'ready') return 'ready';
  const bin = electronViteBin(root);
  if (!bin) return state === 'missing' ? { failed: 'no built window and no electron-vite to build it (run `npm install` in the checkout)' } : 'ready';
  log(state === 'missing' ? 'nanotray web: building the window (first run, about 10 s)…' : 'nanotray web: the window changed since it was built; building it again…');
  const run = spawnSync(process.execPath, [bin, 'build'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status === 0) return 'built';
  const reason = `${run.stderr ?? ''}\n${run.stdout ?? ''}`.split('\n').map((l) => l.trim()).find((l) => /error/i.test(l)) ?? `electron-vite build exited with ${run.status}`;
  return { failed: reason.slice(0, 300) };
}
