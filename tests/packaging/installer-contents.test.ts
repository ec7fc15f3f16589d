// What an installer carries, checked without the Electron binary: electron-builder packs the Linux app folder
// against a stand-in Electron (an empty `electron` file), and the test reads the asar it made. Only the built app,
// its production packages (native prebuilds for this platform, the one tokenizer table used), resources and skills;
// no source, tests, scripts or dotfiles; every module the main bundle loads is inside; built-in skills are real files
// the model can read through the file tools.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/core/nanotray-core';
import { coreToolContext } from '../helpers/core-tool-context';
import { makeTempHome, testConfig } from '../helpers/temp-home';
import { readFuses, writeStandInElectron } from '../helpers/stand-in-electron';

const ROOT = join(__dirname, '..', '..');
const require_ = createRequire(join(ROOT, 'package.json'));
const asar = require_('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[];
  extractAll(archive: string, dest: string): void;
};

let work: string;
let resources: string;
let entries: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'nanotray-pack-'));
  const electronDist = join(work, 'electron-dist');
  writeStandInElectron(electronDist);
  const builder = require_.resolve('electron-builder/cli.js');
  const run = spawnSync(
    process.execPath,
    [builder, '--linux', 'dir', '--x64', `-c.electronDist=${electronDist}`, '-c.electronVersion=45.5.0', `-c.directories.output=${join(work, 'out')}`, '--publish', 'never'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
  resources = join(work, 'out', 'linux-unpacked', 'resources');
  entries = asar.listPackage(join(resources, 'app.asar'), { isPack: false }).map((p) => p.replace(/\\/g, '/'));
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const topLevel = (): string[] => [...new Set(entries.map((e) => e.split('/')[1]!))].sort();

describe('the Linux installer, packed against a stand-in Electron', () => {
  it('carries the built app, its packages, resources and skills, and nothing else of the checkout', () => {
    expect(topLevel()).toEqual(['node_modules', 'out', 'package.json', 'resources', 'skills']);
    const outFolders = [...new Set(entries.filter((e) => e.startsWith('/out/')).map((e) => e.split('/')[2]!))].sort();
    expect(outFolders).toEqual(['main', 'preload', 'renderer']);
    expect(entries.filter((e) => /^\/(src-|tests|scripts|bin|\.)/.test(e))).toEqual([]);
    expect(entries.filter((e) => e.startsWith('/resources/') && e.endsWith('.plist'))).toEqual([]);
  });

  it('the app binary has the fuses package.json sets (no RunAsNode, NODE_OPTIONS or inspector; asar only)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { build: { electronFuses: Record<string, boolean> } };
    const fuses = readFuses(readFileSync(join(work, 'out', 'linux-unpacked', 'nanotray')));
    expect(fuses).toMatchObject(pkg.build.electronFuses);
    expect(fuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, onlyLoadAppFromAsar: true });
  });

  it('ships this platform’s SQLite build only, unpacked, and the one tokenizer table the app uses', () => {
    const prebuilds = entries.filter((e) => e.startsWith('/node_modules/better-sqlite3/prebuilds/') && e.endsWith('.node'));
    expect(prebuilds.length).toBeGreaterThan(0);
    expect(prebuilds.every((e) => /\/linux-(x64|arm64)\.node$/.test(e))).toBe(true);
    expect(existsSync(join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds', 'linux-x64.node'))).toBe(true);
    expect(entries.filter((e) => e.startsWith('/node_modules/better-sqlite3-node20/'))).toEqual([]);
    const ranks = entries.filter((e) => e.startsWith('/node_modules/js-tiktoken/dist/ranks/')).map((e) => e.split('/').pop());
    expect(ranks.sort()).toEqual(['o200k_base.cjs', 'o200k_base.js']);
  });

  it('every package the main bundle loads is inside the installer', () => {
    const mainDir = join(ROOT, 'out', 'main');
    const code = readdirSync(mainDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(mainDir, f), 'utf8'))
      .join('\n');
    const specifiers = new Set<string>();
    for (const m of code.matchAll(/(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g)) specifiers.add(m[1]!);
    const builtins = new Set([...builtinModules, ...builtinModules.map((b) => `node:${b}`)]);
    const packages = [...specifiers]
      .filter((s) => !builtins.has(s) && !s.startsWith('node:') && s !== 'electron')
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
    expect(packages.length).toBeGreaterThan(3);
    const missing = [...new Set(packages)].filter((p) => !entries.includes(`/node_modules/${p}/package.json`));
    expect(missing).toEqual([]);
  });

  it('the shell grammar loads as CommonJS, resolved from inside the packed app', () => {
    const mainDir = join(ROOT, 'out', 'main');
    const code = readdirSync(mainDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(mainDir, f), 'utf8'))
      .join('\n');
    // an import() of an ES module from inside an asar has broken in past Electron versions
    expect(code).toContain('require("web-tree-sitter")');
    expect(code).not.toMatch(/import\(\s*["']web-tree-sitter["']\s*\)/);
    const unpacked = join(work, 'asar-contents');
    asar.extractAll(join(resources, 'app.asar'), unpacked);
    const fromMain = createRequire(join(unpacked, 'out', 'main', 'index.js'));
    expect(fromMain.resolve('web-tree-sitter')).toBe(join(unpacked, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.cjs'));
    expect(typeof (fromMain('web-tree-sitter') as { Parser?: unknown }).Parser).toBe('function');
    expect(existsSync(fromMain.resolve('web-tree-sitter/web-tree-sitter.wasm'))).toBe(true);
    expect(existsSync(fromMain.resolve('tree-sitter-bash/tree-sitter-bash.wasm'))).toBe(true);
  });

  it('the built-in skills are real files the model reads through the file tools (no fenced root inside the asar)', async () => {
    const home = makeTempHome(testConfig('http://127.0.0.1:9/v1', 'ask'));
    const created = createCore({ host: 'test', home: home.home, env: {}, appRoot: join(resources, 'app.asar') });
    if (!created.ok) throw new Error(created.error);
    const core = created.value;
    try {
      expect(core.builtinSkillsDir).toBe(join(resources, 'app.asar.unpacked', 'skills'));
      const skills = core.skills.list().filter((s) => s.source === 'builtin');
      expect(skills.length).toBeGreaterThan(3);
      // The path the skills summary gives the model, read with the model's own tool (a read: never asked).
      const read = await core.tools.execute('read_file', { path: skills[0]!.skillFile }, coreToolContext(core));
      expect(read).toMatchObject({ ok: true });
      expect(JSON.stringify(read)).toContain('name:');
      const listed = await core.tools.execute('list_dir', { path: core.builtinSkillsDir }, coreToolContext(core));
      expect(listed).toMatchObject({ ok: true });
    } finally {
      await core.dispose();
      home.cleanup();
    }
  });
});
