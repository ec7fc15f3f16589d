#!/usr/bin/env node
// `npm run smoke:electron` (and the end of `npm test`): runs tests/smoke/electron-smoke.ts against the built app in the
// real Electron, under Xvfb on Linux without a display. Where the Electron binary is absent (its download is blocked),
// it says so in one line and exits with NOT_RUN_EXIT: a smoke test that did not run is never reported as passed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Exit code when the smoke test could not run (0: passed, 1: failed). */
export const NOT_RUN_EXIT = 2;
const SMOKE_ENTRY = 'tests/smoke/electron-smoke.ts';

/** The executable inside Electron's dist folder, as the electron package names it (path.txt, else the platform's). */
function executableName(electronDir, platform) {
  const pathFile = join(electronDir, 'path.txt');
  if (existsSync(pathFile)) return readFileSync(pathFile, 'utf8').trim();
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  return platform === 'win32' ? 'electron.exe' : 'electron';
}

/**
 * Where the electron package keeps (or would keep) its binary, found the way its index.js finds it, without
 * requiring it (that would start a download).
 */
export function electronBinaryPath({ electronDir = join(ROOT, 'node_modules', 'electron'), env = process.env, platform = process.platform } = {}) {
  const name = executableName(electronDir, platform);
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, name);
  return join(electronDir, 'dist', name);
}

/** The one line printed when the binary is absent. */
export function notRunLine(binary) {
  return `Electron smoke test: not run — no Electron binary at ${binary} (download blocked here; \`node node_modules/electron/install.js\` fetches it)`;
}

/** Bundles the smoke run into `outfile` (an ES module that runs the checks and prints them as JSON). */
export async function bundleSmoke(outfile) {
  const esbuild = await import('esbuild');
  const runner = `import { runElectronSmoke } from ${JSON.stringify(`./${SMOKE_ENTRY}`)};
const checks = await runElectronSmoke(process.argv[2], process.argv[3]);
console.log('SMOKE-RESULT ' + JSON.stringify(checks));`;
  return esbuild.build({
    absWorkingDir: ROOT,
    stdin: { contents: runner, resolveDir: ROOT, sourcefile: 'electron-smoke-run.ts', loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['playwright-core', 'electron'],
    alias: { '@contract': join(ROOT, 'src-preload', 'contract') },
    outfile,
    logLevel: 'silent',
  });
}

/** Runs the smoke test; returns the exit code (0 passed, 1 failed, NOT_RUN_EXIT not run). */
export async function main() {
  const binary = electronBinaryPath();
  if (!existsSync(binary)) {
    console.log(notRunLine(binary));
    return NOT_RUN_EXIT;
  }
  if (!existsSync(join(ROOT, 'out', 'main', 'index.js'))) {
    console.log('Electron smoke test: failed — the app is not built (run `npm run build` first)');
    return 1;
  }
  // The bundle sits in the checkout so that it resolves playwright-core from node_modules.
  const outfile = join(ROOT, 'test-results', 'electron-smoke', 'smoke.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  await bundleSmoke(outfile);
  const command = [process.execPath, outfile, binary, ROOT];
  const needsDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  const [cmd, ...args] = needsDisplay ? ['xvfb-run', '-a', ...command] : command;
  const run = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('SMOKE-RESULT '));
  if (!line) {
    console.log(`Electron smoke test: failed — the run ended without a result (exit ${run.status}${run.error ? `, ${run.error.message}` : ''})`);
    return 1;
  }
  const checks = JSON.parse(line.slice('SMOKE-RESULT '.length));
  for (const c of checks) console.log(`Electron smoke test: ${c.ok ? 'ok' : 'FAILED'} — ${c.name}${c.detail ? `: ${c.detail}` : ''}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`Electron smoke test: ${failed ? 'failed' : 'passed'} (${checks.length - failed} of ${checks.length} checks)`);
  return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main());
