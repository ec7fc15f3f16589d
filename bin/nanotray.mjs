#!/usr/bin/env node
// `nanotray` entry: (re)builds the CLI bundle (and, for `web`, the window) when missing or older than the sources, then runs it, with the
// compiled code of its files kept on disk (bundle-loader.mjs), so a run after the first skips most of compiling.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createBundleLoader } from './bundle-loader.mjs';
import { buildCli, cliBundleIsStale, CLI_BUNDLE, COMPILE_CACHE_DIR } from '../scripts/build-cli.mjs';

if (process.env.NANOTRAY_SKIP_BUILD !== '1' && cliBundleIsStale()) {
  try {
    await buildCli();
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).split('\n').slice(0, 6).join('\n');
    if (!existsSync(CLI_BUNDLE)) {
      process.stderr.write(`nanotray: could not build the CLI:\n${detail}\n`);
      process.exit(1);
    }
    // A read-only install or a broken edit: the previous bundle still works.
    process.stderr.write(`nanotray: could not rebuild the CLI, running the previous build:\n${detail}\n`);
  }
}
// The browser host serves the built window: build it first when a checkout has none (or an old one).
if (process.env.NANOTRAY_SKIP_BUILD !== '1' && process.argv[2] === 'web') {
  const { ensureWindowBuilt } = await import('../scripts/build-window.mjs');
  const window = ensureWindowBuilt();
  if (typeof window === 'object') process.stderr.write(`nanotray web: could not build the window: ${window.failed}\n`);
}
const loader = createBundleLoader({ cacheDir: join(dirname(CLI_BUNDLE), COMPILE_CACHE_DIR) });
process.once('exit', () => loader.saveCache());
loader.load(CLI_BUNDLE);
