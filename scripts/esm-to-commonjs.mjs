// Rewrites the CLI bundle's ES module chunks as CommonJS (esbuild's own transform), so bin/bundle-loader.mjs can
// compile them with V8's code cache: Node 20 keeps no compiled code for ES modules and has no API to give it some.
/** The module's own file URL, which CommonJS spells from `__filename`. */
const IMPORT_META_URL = '__nanotrayImportMetaUrl';
/** The module's require() under a name no bundled code declares. */
const OWN_REQUIRE = '__nanotrayRequire';
/** How esbuild's transform writes an import(): `Promise.resolve().then(() => __toESM(require("x")))`. */
const CONVERTED_IMPORT = /Promise\.resolve\(\)\.then\(\(\) => (__toESM\d*)\(require\(/g;

/**
 * One chunk's text as CommonJS: imports become require() calls (import() too, in a promise, as a chunk loaded on
 * demand stays on demand, and calls the module's require even where the code declares a `require` of its own),
 * exports become getters on `module.exports` (live bindings kept), and the code stays in strict mode, as it was as
 * an ES module.
 */
export async function esmToCommonJs(esbuild, code) {
  const result = await esbuild.transform(code, {
    format: 'cjs',
    loader: 'js',
    target: 'node20',
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': IMPORT_META_URL },
    banner: `'use strict';\nconst ${OWN_REQUIRE} = require;\nconst ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;`,
    logLevel: 'silent',
  });
  // A warning is a construct CommonJS cannot keep (import.meta.dirname would become undefined): fail the build.
  if (result.warnings.length > 0) throw new Error(`a chunk cannot become CommonJS: ${result.warnings.map((w) => w.text).join('; ')}`);
  // An import() becomes a call of `require` where the import() was, and Emscripten's loader (web-tree-sitter)
  // declares its own `var require` in the very function that imports node:module: call the module's own.
  return result.code.replace(CONVERTED_IMPORT, `Promise.resolve().then(() => $1(${OWN_REQUIRE}(`);
}
