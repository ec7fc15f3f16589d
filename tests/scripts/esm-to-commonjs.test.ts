// The CLI's ES module chunks rewritten as CommonJS (scripts/esm-to-commonjs.mjs) keep what an ES module gives its
// code: strict mode, its own file URL, live exports, and import() that loads only when it runs.
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { esmToCommonJs } from '../../scripts/esm-to-commonjs.mjs';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nanotray-cjs-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function write(name: string, esm: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, await esmToCommonJs(esbuild, esm));
  return file;
}

describe('esmToCommonJs', () => {
  it('stays in strict mode: a write to an undeclared name throws', async () => {
    const file = await write('strict.cjs', `export function leak() { undeclaredName = 1; }`);
    const mod = createRequire(import.meta.url)(file) as { leak: () => void };
    expect(() => mod.leak()).toThrow(ReferenceError);
    expect(Reflect.has(globalThis, 'undeclaredName')).toBe(false);
  });

  it('gives import.meta.url the file’s own URL', async () => {
    const file = await write('meta.cjs', `export const url = import.meta.url;`);
    expect((createRequire(import.meta.url)(file) as { url: string }).url).toBe(pathToFileURL(file).href);
  });

  it('keeps exports live and import() lazy', async () => {
    await write('later.cjs', `globalThis.__nanotrayLaterLoaded = true; export const value = 42;`);
    const file = await write('main.cjs', `export let n = 0; export function bump() { n++; } export async function later() { return (await import('./later.cjs')).value; }`);
    const mod = createRequire(import.meta.url)(file) as { n: number; bump: () => void; later: () => Promise<number> };
    mod.bump();
    expect(mod.n).toBe(1);
    expect(Reflect.get(globalThis, '__nanotrayLaterLoaded')).toBeUndefined();
    expect(await mod.later()).toBe(42);
    expect(Reflect.get(globalThis, '__nanotrayLaterLoaded')).toBe(true);
    Reflect.deleteProperty(globalThis, '__nanotrayLaterLoaded');
  });

  it('an import() in a function that declares its own require (as Emscripten does) still loads the module', async () => {
    await write('dep.cjs', `export const value = 'dep';`);
    const file = await write(
      'shadow.cjs',
      `export async function load() { const { value } = await import('./dep.cjs'); var require = () => { throw new Error('not this one'); }; return value + typeof require; }`,
    );
    expect(await (createRequire(import.meta.url)(file) as { load: () => Promise<string> }).load()).toBe('depfunction');
  });

  it('refuses what CommonJS cannot keep (any import.meta but its url) instead of turning it into undefined', async () => {
    await expect(esmToCommonJs(esbuild, `export const dir = import.meta.dirname;`)).rejects.toThrow(/cannot become CommonJS/);
  });
});
