// Bundles a bench script of scripts/bench/ that drives the app through the test helpers (the e2e app, the scripted
// model, the faked electron module) into out/bench/<name>.mjs with esbuild; packages stay in node_modules.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * `alias` swaps a module for the whole bundle (`{ electron: 'tests/shell/helpers/fake-electron.ts' }`). The test
 * helpers find the repository through `__dirname`, which an ES module lacks: it is defined as the e2e helpers' folder.
 */
export async function bundleBench(name, { alias = {} } = {}) {
  const esbuild = await import('esbuild');
  const outfile = join(ROOT, 'out', 'bench', `${name}.mjs`);
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'scripts', 'bench', `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@contract': join(ROOT, 'src-preload', 'contract'), ...Object.fromEntries(Object.entries(alias).map(([k, v]) => [k, join(ROOT, v)])) },
    define: { __dirname: JSON.stringify(join(ROOT, 'tests', 'e2e', 'helpers')) },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
