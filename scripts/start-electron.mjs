#!/usr/bin/env node
// `npm start` / `npm run dev`: makes sure the Electron binary is there, then runs electron-vite. When the
// binary cannot be downloaded (no network, a proxy, a blocked host) it says so and what to do — set a proxy or
// ELECTRON_MIRROR, or use the browser host meanwhile — instead of @electron/get's stack trace.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The first line of the installer's output that names the error (without the stack), at most 200 characters. */
export function downloadReason(output) {
  const lines = String(output)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^[A-Za-z]*Error\b|^HTTPError|^RequestError/.test(l)) ?? lines.find((l) => !l.startsWith('at ')) ?? 'no reason given';
  return error.length > 200 ? `${error.slice(0, 199)}…` : error;
}

/** What `npm start` prints when the download failed. */
export function downloadFailureMessage(reason) {
  return [
    `Nanotray: the Electron binary could not be downloaded (${reason}).`,
    '  • Behind a proxy: set HTTPS_PROXY=http://host:port (and ELECTRON_GET_USE_PROXY=1), then run `npm start` again.',
    '  • From a mirror: ELECTRON_MIRROR=<mirror URL ending in /> npm start',
    '  • Meanwhile the same app runs in your browser: npx nanotray web --open',
  ].join('\n');
}

/** Runs Electron's installer (a no-op when the binary is in place); `{ ok: false, message }` when it failed. */
export function ensureElectron(installer = createRequire(import.meta.url).resolve('electron/install.js')) {
  const run = spawnSync(process.execPath, [installer], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status === 0) return { ok: true };
  return { ok: false, message: downloadFailureMessage(downloadReason(`${run.stderr ?? ''}\n${run.stdout ?? ''}`)) };
}

function electronVite(args) {
  const bin = createRequire(import.meta.url).resolve('electron-vite/bin/electron-vite.js');
  return spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
  const electron = ensureElectron();
  if (!electron.ok) {
    process.stderr.write(`${electron.message}\n`);
    process.exit(1);
  }
  const code = mode === 'dev' ? electronVite(['dev']) : electronVite(['build']) || electronVite(['preview', '--skipBuild']);
  process.exit(code);
}
