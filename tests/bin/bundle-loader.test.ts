// The CLI's bundle loader (bin/bundle-loader.mjs): it runs a CommonJS bundle and its chunks, keeps their compiled
// code beside them, reuses it in the next process, and never runs code compiled from a file's older text.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/build-cli.mjs';

const LOADER = pathToFileURL(join(ROOT, 'bin', 'bundle-loader.mjs')).href;

let dir: string;
let cacheDir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nanotray-loader-'));
  cacheDir = join(dir, '.compile-cache');
  mkdirSync(join(dir, 'chunks'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  result: unknown;
  stats: { fromCache: number; compiled: number };
  written: number;
}

/** Loads `entry.cjs` in a new Node process (as bin/nanotray.mjs does), saves the cache, prints what happened. */
function run({ nodeArgs = [], beforeMain = '' }: { nodeArgs?: string[]; beforeMain?: string } = {}): Run {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { createBundleLoader } = await import(${JSON.stringify(LOADER)});
    const loader = createBundleLoader({ cacheDir: ${JSON.stringify(cacheDir)} });
    const entry = loader.load(${JSON.stringify(join(dir, 'entry.cjs'))});
    new Function('require', process.env.BEFORE_MAIN ?? '')(require); // not in the script: node -e puts it in execArgv
    const result = await entry.main();
    const written = loader.saveCache();
    process.stdout.write(JSON.stringify({ result, stats: loader.stats, written }));`;
  const child = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, BEFORE_MAIN: beforeMain } });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as Run;
}

function writeBundle(shared: string): void {
  writeFileSync(
    join(dir, 'entry.cjs'),
    `'use strict';
     const shared = require('./chunks/shared.cjs');
     const other = require('./chunks/other.cjs');
     const { join } = require('node:path');
     exports.main = async () => {
       const later = await Promise.resolve().then(() => require('./chunks/later.cjs'));
       return { value: shared.value, sameInstance: other.shared === shared, joined: join('a', 'b'), later: later.loadedAfterMain, count: shared.count() };
     };`,
  );
  writeFileSync(join(dir, 'chunks', 'shared.cjs'), shared);
  writeFileSync(join(dir, 'chunks', 'other.cjs'), `exports.shared = require('./shared.cjs');`);
  writeFileSync(join(dir, 'chunks', 'later.cjs'), `exports.loadedAfterMain = true;`);
}

const SHARED_A = `let n = 0; exports.value = 'aaa'; exports.count = () => ++n;`;
const SHARED_B = `let n = 0; exports.value = 'bbb'; exports.count = () => ++n;`; // same length as SHARED_A

describe('the bundle loader', () => {
  it('runs the entry and the chunks it requires, each file once, and hands other names to Node', () => {
    writeBundle(SHARED_A);
    const first = run();
    expect(first.result).toEqual({ value: 'aaa', sameInstance: true, joined: join('a', 'b'), later: true, count: 1 });
    expect(first.stats).toEqual({ fromCache: 0, compiled: 4 });
    expect(first.written).toBe(4);
  });

  it('a second process runs every file from the compiled code the first one kept', () => {
    writeBundle(SHARED_A);
    run();
    const second = run();
    expect(second.result).toMatchObject({ value: 'aaa', count: 1 });
    expect(second.stats).toEqual({ fromCache: 4, compiled: 0 });
    expect(second.written).toBe(0);
  });

  it('a file changed to a text of the same length is compiled again, never run from its old code', () => {
    writeBundle(SHARED_A);
    run();
    writeFileSync(join(dir, 'chunks', 'shared.cjs'), SHARED_B);
    const after = run();
    expect(after.result).toMatchObject({ value: 'bbb' });
    expect(after.stats).toEqual({ fromCache: 3, compiled: 1 });
  });

  it('a damaged cache file is refused: the file is compiled, runs as written, and its code is written anew', () => {
    writeBundle(SHARED_A);
    run();
    for (const file of readdirSync(cacheDir)) writeFileSync(join(cacheDir, file), Buffer.from('not V8 code at all'.repeat(20)));
    const damaged = run();
    expect(damaged.result).toMatchObject({ value: 'aaa', sameInstance: true, later: true });
    expect(damaged.stats).toEqual({ fromCache: 0, compiled: 4 });
    expect(damaged.written).toBe(4);
    expect(run().stats).toEqual({ fromCache: 4, compiled: 0 });
  });

  it('a cache file damaged behind an intact header (its second half lost) is refused, never handed to V8', () => {
    // V8 checks only the header of cached code (its version, flags and the source's length), not the payload: a
    // damaged payload crashes the process (a fatal error or a segfault), in every run until the file is deleted.
    writeBundle(SHARED_A);
    run();
    for (const file of readdirSync(cacheDir)) {
      const bytes = readFileSync(join(cacheDir, file));
      bytes.fill(0, bytes.length >> 1);
      writeFileSync(join(cacheDir, file), bytes);
    }
    const damaged = run();
    expect(damaged.result).toMatchObject({ value: 'aaa', sameInstance: true, later: true });
    expect(damaged.stats).toEqual({ fromCache: 0, compiled: 4 });
    expect(damaged.written).toBe(4);
    expect(run().stats).toEqual({ fromCache: 4, compiled: 0 });
  });

  it('a cache folder that cannot be written changes nothing but the speed', () => {
    writeBundle(SHARED_A);
    writeFileSync(cacheDir, 'a file where the folder would be');
    const result = run();
    expect(result.result).toMatchObject({ value: 'aaa', count: 1 });
    expect(result.written).toBe(0);
    expect(run().stats).toEqual({ fromCache: 0, compiled: 4 });
  });

  it('a file whose first run threw is run again when required again (as Node\'s require does), never hands out half its exports', () => {
    writeFileSync(
      join(dir, 'entry.cjs'),
      `'use strict';
       const attempt = () => Promise.resolve().then(() => require('./chunks/flaky.cjs')).then((m) => typeof m.ready, (err) => err.message);
       exports.main = async () => [await attempt(), await attempt(), await attempt()];`,
    );
    // throws the first time it runs (a chunk a rebuild pruned, a failed native load, …), loads on a retry
    writeFileSync(join(dir, 'chunks', 'flaky.cjs'), `if (!globalThis.flakyTried) { globalThis.flakyTried = true; throw new Error('first run failed'); }\nexports.ready = () => true;`);
    expect(run().result).toEqual(['first run failed', 'function', 'function']);
  });

  it('keeps the line numbers of stack traces the file’s own', () => {
    writeFileSync(join(dir, 'entry.cjs'), `'use strict';\n\nexports.main = async () => new Error('here').stack.split('\\n')[1];`);
    expect(run().result).toContain(`${join(dir, 'entry.cjs')}:3:`);
  });

  it('a run under other V8 flags keeps its compiled code under its own names and leaves the others’ alone', () => {
    writeBundle(SHARED_A);
    run();
    const other = run({ nodeArgs: ['--no-opt'] });
    expect(other.result).toMatchObject({ value: 'aaa', count: 1 });
    expect(other.stats).toEqual({ fromCache: 0, compiled: 4 });
    expect(run({ nodeArgs: ['--no-opt'] }).stats).toEqual({ fromCache: 4, compiled: 0 });
    expect(run().stats).toEqual({ fromCache: 4, compiled: 0 });
  });

  it('flags a command records once it runs (the daemon) name the code compiled after them; unrecorded ones overwrite nothing', () => {
    writeBundle(SHARED_A);
    run();
    // what runtime-v8-flags.ts does: the chunk loaded after it (later.cjs) is compiled anew and kept under a new name
    const recorded = run({ beforeMain: `require('node:v8').setFlagsFromString('--no-opt'); (globalThis[Symbol.for('nanotray.runtimeV8Flags')] ??= []).push('--no-opt');` });
    expect(recorded.stats).toEqual({ fromCache: 3, compiled: 1 });
    expect(recorded.written).toBe(1);
    // a flag set without a record: V8 refuses later.cjs's code, which stays as it is for the runs it fits
    const unrecorded = run({ beforeMain: `require('node:v8').setFlagsFromString('--no-opt');` });
    expect(unrecorded.stats).toEqual({ fromCache: 3, compiled: 1 });
    expect(unrecorded.written).toBe(0);
    expect(run().stats).toEqual({ fromCache: 4, compiled: 0 });
  });
});
