// Loads a CommonJS bundle and the chunks it requires with V8's code cache: the compiled code of each file is kept
// beside the bundle after a run and reused by the next, which then skips compiling (~60 ms of a cold CLI turn on
// Node 20, whose ES module loader keeps no such cache).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

function removeQuietly(path) {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing was written there (the folder is not one)
  }
}

/**
 * Bytes before V8's code in a cache file: the code's CRC-32 and length (8, so the code stays 8-byte aligned). V8 checks
 * only its own header (version, flags, the source's length), never the code after it: damaged code (a lost tail, a
 * flipped bit) would crash the process in every run. Node's own compile cache keeps a CRC-32 the same way.
 */
const CHECK_BYTES = 8;

/** The cache file's V8 code when its check holds, else undefined (compile). */
function checkedCode(file) {
  if (file.length < CHECK_BYTES) return undefined;
  const code = file.subarray(CHECK_BYTES);
  return file.readUInt32LE(0) === crc32(code) && file.readUInt32LE(4) === code.length ? code : undefined;
}

/** V8's code with its check in front, as a cache file holds it. */
function withCheck(code) {
  const head = Buffer.alloc(CHECK_BYTES);
  head.writeUInt32LE(crc32(code), 0);
  head.writeUInt32LE(code.length, 4);
  return Buffer.concat([head, code]);
}

/** Where runtime-v8-flags.ts records the V8 flags set after start (a registry symbol: the bundle shares it). */
const RUNTIME_V8_FLAGS = Symbol.for('nanotray.runtimeV8Flags');

/** What V8 checks compiled code against besides the source: its version and the flags in force now. */
function compileSettings() {
  return [process.versions.v8, ...process.execArgv, '--', ...(globalThis[RUNTIME_V8_FLAGS] ?? [])].join('\0');
}

/** Node's CommonJS wrapper, on the first line so that line numbers in stack traces stay the file's own. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';

/**
 * A loader of the bundle's own files (`entry`, and every `./….cjs` they require) whose compiled code is kept in
 * `cacheDir`, one file per source and V8 version, named by their SHA-1: a changed file never meets code compiled
 * from its old text (V8 itself checks only the length, the V8 version and its flags). Everything else is required
 * as usual. The cache folder is as trusted as the bundle: it sits beside it, with the same owner.
 *
 * V8 also refuses code compiled under other flags, so the name covers them too: the command line's, and those a
 * command sets once it runs (the daemon turns TurboFan off: src-main/host/cli/runtime-v8-flags.ts records them under
 * RUNTIME_V8_FLAGS). Code V8 still refuses although its check holds (flags set some other way) is left for the runs
 * it fits, and the file is compiled.
 */
export function createBundleLoader({ cacheDir }) {
  const modules = new Map();
  /** Scripts compiled without usable cached code: their code is written by `saveCache`. */
  const unsaved = [];
  const stats = { fromCache: 0, compiled: 0 };

  function cachedCode(path) {
    try {
      return checkedCode(readFileSync(path));
    } catch {
      return undefined; // first run, or a cache that cannot be read: compile
    }
  }

  function load(file) {
    const known = modules.get(file);
    if (known) return known.exports;
    const module = { exports: {}, filename: file, loaded: false };
    modules.set(file, module);
    try {
      run(file, module);
    } catch (err) {
      modules.delete(file); // as Node's require: the next require runs it again, never hands out half its exports
      throw err;
    }
    return module.exports;
  }

  /** Compiles `file` (from its cached code when that is usable) and runs it as `module`. */
  function run(file, module) {
    const source = readFileSync(file, 'utf8');
    const key = createHash('sha1').update(compileSettings()).update('\0').update(source).digest('hex');
    const cachePath = join(cacheDir, `${basename(file)}.${key}.v8`);
    const cachedData = cachedCode(cachePath);
    const script = new Script(`${WRAPPER_HEAD}${source}\n})`, { filename: file, cachedData });
    if (cachedData && !script.cachedDataRejected) stats.fromCache++;
    else {
      stats.compiled++;
      if (!cachedData) unsaved.push({ script, cachePath });
    }
    const dir = dirname(file);
    const requireOther = createRequire(file);
    const require = (id) => (/^\.\.?\/.*\.cjs$/.test(id) ? load(resolve(dir, id)) : requireOther(id));
    Object.assign(require, { resolve: requireOther.resolve, cache: requireOther.cache });
    script.runInThisContext()(module.exports, require, module, file, dir);
    module.loaded = true;
  }

  /**
   * Writes the compiled code of every file that had none (after the run, so it holds the functions the run
   * compiled lazily too). Each file is written to a temp name and renamed: a parallel run reads a whole file or
   * none. A folder that cannot be written (a read-only install) leaves the next run compiling, nothing else.
   */
  function saveCache() {
    let written = 0;
    for (const { script, cachePath } of unsaved.splice(0)) {
      const temp = `${cachePath}.${process.pid}.tmp`;
      try {
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(temp, withCheck(script.createCachedData()));
        renameSync(temp, cachePath);
        written++;
      } catch {
        removeQuietly(temp);
      }
    }
    return written;
  }

  return { load, saveCache, stats };
}
