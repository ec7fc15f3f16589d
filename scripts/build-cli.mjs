// Bundles the CLI (src-main/host/cli/index.ts) with esbuild into out/cli/nanotray.mjs, and tells whether
// the bundle is older than its sources. Used by bin/nanotray.mjs (on demand) and `npm run build`.
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = join(ROOT, 'out', 'cli', 'nanotray.mjs');
const SOURCE_DIRS = ['src-main', 'src-preload'];
const EXTRA_INPUTS = ['scripts/build-cli.mjs', 'package.json'];

/** Newest mtime (ms) of the .ts/.tsx/.json sources under the given folders; cheap stat-only walk. */
function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') newest = Math.max(newest, newestMtime(full));
    } else if (/\.(ts|tsx|json|mjs)$/.test(entry.name)) {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

/**
 * Runtime dependencies are bundled into the CLI; only native addons (and dev tools, which the CLI never
 * imports) stay in node_modules. Loading ~1,000 separate ESM/CJS files of zod, the MCP SDK (ajv), ws, …
 * cost a third of the CPU time of every CLI run (measured: 0.58 s → 0.40 s CPU for one `agent -m` turn).
 */
const NATIVE_PACKAGES = new Set(['better-sqlite3', 'better-sqlite3-node20']);

/** Everything that stays external: native addons, optional and dev dependencies (plus their subpaths). */
function externalPackages(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const inlined = new Set(Object.keys(pkg.dependencies ?? {}).filter((n) => !NATIVE_PACKAGES.has(n)));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.devDependencies });
  return names.filter((n) => !inlined.has(n)).flatMap((n) => [n, `${n}/*`]);
}

/** True when the bundle is missing or any source file changed after it was written. */
export function cliBundleIsStale(root = ROOT, bundle = CLI_BUNDLE) {
  let built;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    return true;
  }
  let newest = 0;
  for (const d of SOURCE_DIRS) newest = Math.max(newest, newestMtime(join(root, d)));
  for (const f of EXTRA_INPUTS) {
    try {
      newest = Math.max(newest, statSync(join(root, f)).mtimeMs);
    } catch {
      // optional input
    }
  }
  return newest > built;
}

/** Builds the bundle; written to a temp file first and renamed, so parallel runs never see half a file. */
export async function buildCli({ root = ROOT, outfile = CLI_BUNDLE, entry = 'src-main/host/cli/index.ts' } = {}) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Runtime dependencies are inlined for start-up speed; natives and dev tools stay external.
    external: externalPackages(root),
    alias: { '@contract': join(root, 'src-preload', 'contract') },
    write: false,
    // Bundled CommonJS packages call require(); an ESM bundle has none unless we make one.
    banner: { js: "import { createRequire as __nanotrayCreateRequire } from 'node:module'; const require = __nanotrayCreateRequire(import.meta.url);" },
    logLevel: 'silent',
    outfile,
  });
  mkdirSync(dirname(outfile), { recursive: true });
  const file = result.outputFiles.find((f) => f.path.endsWith('.mjs')) ?? result.outputFiles[0];
  const tmp = `${outfile}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, outfile);
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  buildCli().then(
    (out) => console.log(`built ${out} in ${Date.now() - started} ms`),
    (err) => {
      console.error(`CLI build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
