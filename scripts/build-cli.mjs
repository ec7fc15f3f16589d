// Bundles the CLI (src-main/host/cli/index.ts) with esbuild into out/cli/nanotray.cjs plus the chunks it loads
// on demand, and tells whether the bundle is older than its sources. Used by bin/nanotray.mjs and `npm run build`.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { esmToCommonJs } from './esm-to-commonjs.mjs';
import { openaiUnusedResources } from './openai-unused-resources.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = join(ROOT, 'out', 'cli', 'nanotray.cjs');
export const CLI_ENTRY = 'src-main/host/cli/index.ts';
/** The folder beside a CommonJS bundle where bin/bundle-loader.mjs keeps V8's compiled code of its files. */
export const COMPILE_CACHE_DIR = '.compile-cache';
const SOURCE_DIRS = ['src-main', 'src-preload'];
const EXTRA_INPUTS = ['scripts/build-cli.mjs', 'scripts/esm-to-commonjs.mjs', 'scripts/openai-unused-resources.mjs', 'package.json'];
/** Chunk sets of this many recent builds are kept, so a process started before a rebuild can still load its chunks. */
const KEPT_BUILDS = 3;

/**
 * Newest mtime (ms) of the files under `dir` whose names `include` accepts (default: .ts/.tsx/.json/.mjs sources);
 * a cheap stat-only walk that skips node_modules.
 */
export function newestMtime(dir, include = (name) => /\.(ts|tsx|json|mjs)$/.test(name)) {
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
      if (entry.name !== 'node_modules') newest = Math.max(newest, newestMtime(full, include));
    } else if (include(entry.name)) {
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

/**
 * zod's `z` namespace re-exports all of its 48 locales (`z.locales`), so a bundle keeps ~300 KB of error-message
 * translations that the core never uses (its messages are English; the window translates its own). This build
 * gives that namespace English only; zod's default (`en`) is set by zod itself and is unchanged.
 */
const zodEnglishOnly = {
  name: 'zod-english-locales-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Bundles `entry` in memory (nothing written) with code splitting: every `import()` in the sources becomes a
 * chunk that is compiled only when a run reaches it (the MCP SDK, the tokenizer's ranks, the HTML parser, the
 * shell grammar, the web host…), so a one-shot `agent -m` parses a fraction of the code; the openai SDK's resources
 * that the core never calls are left out (openai-unused-resources.mjs). An `outfile` ending in `.cjs` names chunks
 * `.cjs` too: buildCli then writes them as CommonJS (esm-to-commonjs.mjs). Returns esbuild's result with `metafile`
 * (what each output file imports, statically or dynamically), its files still ES modules.
 */
export async function bundleCli({ root = ROOT, outfile = CLI_BUNDLE, entry = CLI_ENTRY } = {}) {
  const esbuild = await import('esbuild');
  const ext = extname(outfile);
  const name = basename(outfile, ext);
  return esbuild.build({
    absWorkingDir: root,
    entryPoints: { [name]: join(root, entry) },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Runtime dependencies are inlined for start-up speed; natives and dev tools stay external.
    external: externalPackages(root),
    alias: { '@contract': join(root, 'src-preload', 'contract') },
    plugins: [zodEnglishOnly, openaiUnusedResources],
    outdir: dirname(outfile),
    entryNames: '[name]',
    chunkNames: `chunks/${name}/[name]-[hash]`,
    outExtension: { '.js': ext },
    metafile: true,
    write: false,
    // Bundled CommonJS packages call require(); an ES module has none unless we make one (in every chunk).
    // Chunks that become CommonJS have their own.
    ...(ext === '.cjs' ? {} : { banner: { js: "import { createRequire as __nanotrayCreateRequire } from 'node:module'; const require = __nanotrayCreateRequire(import.meta.url);" } }),
    logLevel: 'silent',
  });
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/**
 * Deletes chunks that none of the last KEPT_BUILDS builds of this entry uses (their list is kept beside them),
 * and the compiled code that bin/bundle-loader.mjs keeps of files that are gone or rewritten.
 */
function pruneChunks(chunkDir, current, cacheDir, entryName) {
  const listFile = join(chunkDir, 'builds.json');
  let builds = [];
  try {
    builds = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    // first build, or an unreadable list: start a new one
  }
  builds = [current, ...builds.filter((b) => Array.isArray(b))].slice(0, KEPT_BUILDS);
  writeAtomically(listFile, JSON.stringify(builds));
  const kept = new Set(builds.flat());
  for (const file of readdirSync(chunkDir)) {
    if (/\.[cm]js$/.test(file) && !kept.has(file)) rmSync(join(chunkDir, file), { force: true });
  }
  if (!existsSync(cacheDir)) return;
  for (const file of readdirSync(cacheDir)) {
    const source = file.replace(/\.[0-9a-f]+\.v8$/, ''); // `<source file>.<its hash>.v8`
    if (source === entryName || !kept.has(source)) rmSync(join(cacheDir, file), { force: true });
  }
}

/** Writes `path` unless it holds these bytes already (a chunk is named by its content, as esbuild emitted it). */
function writeIfChanged(path, contents) {
  if (existsSync(path) && readFileSync(path).equals(contents)) return;
  writeAtomically(path, contents);
}

/**
 * Builds the bundle. Chunks are named by their content and written before the entry, each to a temp file that
 * is renamed, so a run (or a parallel build) never sees half a file or an entry whose chunks are missing.
 * A `.cjs` outfile is written as CommonJS, with its compiled-code cache folder (`.compile-cache`) beside it.
 */
export async function buildCli({ root = ROOT, outfile = CLI_BUNDLE, entry = CLI_ENTRY } = {}) {
  const result = await bundleCli({ root, outfile, entry });
  const commonJs = extname(outfile) === '.cjs';
  const esbuild = commonJs ? await import('esbuild') : undefined;
  const contentsOf = async (file) => (esbuild ? Buffer.from(await esmToCommonJs(esbuild, file.text)) : Buffer.from(file.contents));
  const entryFile = resolve(outfile);
  const chunks = result.outputFiles.filter((f) => resolve(f.path) !== entryFile);
  for (const chunk of chunks) writeIfChanged(chunk.path, await contentsOf(chunk));
  const main = result.outputFiles.find((f) => resolve(f.path) === entryFile);
  if (!main) throw new Error(`esbuild wrote no ${relative(root, entryFile)}`);
  writeAtomically(entryFile, await contentsOf(main));
  if (commonJs) rmSync(entryFile.replace(/\.cjs$/, '.mjs'), { force: true }); // the ES module entry of older builds
  const chunkDir = join(dirname(entryFile), 'chunks', basename(entryFile, extname(entryFile)));
  const cacheDir = join(dirname(entryFile), COMPILE_CACHE_DIR);
  if (existsSync(chunkDir)) pruneChunks(chunkDir, chunks.map((c) => basename(c.path)), cacheDir, basename(entryFile));
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
