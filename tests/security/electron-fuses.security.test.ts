// The desktop build's Electron fuses (issue 25, item 12): without them any local process could start the installed
// app with ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect and run code as the app, which the OS keychain trusts to
// decrypt the stored keys. Checks package.json's `build`, then packages a stand-in project with that same fuse
// config through the real electron-builder (offline: a stand-in "Electron" that holds only the fuse wire) and reads
// the wire it wrote. Not an agent-loop test: the attacker here is another local program, not the model.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSE_SENTINEL, FUSE_WIRE, writeStandInElectron } from '../helpers/stand-in-electron';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { build: Record<string, unknown> };
const fuses = pkg.build.electronFuses as Record<string, boolean>;

/** What the build must set: off for the doors into the app's process, on for asar-only loading and encryption. */
const REQUIRED = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  enableCookieEncryption: true,
};

describe('package.json build config', () => {
  it('sets the fuses', () => {
    expect(fuses).toMatchObject(REQUIRED);
  });

  it('keeps asar on (onlyLoadAppFromAsar would find no app without it)', () => {
    expect(pkg.build.asar).toBe(true);
  });

  it('names only fuses electron-builder knows (a misspelt key would be no fuse at all)', () => {
    const scheme = JSON.parse(readFileSync(join(ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const key of Object.keys(fuses)) expect(known).toContain(key);
  });
});

describe('electron-builder with that config', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nanotray-fuses-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flips exactly those fuses in the packaged binary', { timeout: 180_000 }, () => {
    const dist = join(dir, 'electron-dist');
    const project = join(dir, 'project');
    const out = join(dir, 'out');
    for (const d of [dist, project]) mkdirSync(d);
    writeStandInElectron(dist);
    writeFileSync(join(project, 'index.js'), '// the app\n');
    const build = {
      appId: 'app.nanotray.fuse-probe',
      asar: pkg.build.asar,
      electronFuses: fuses,
      npmRebuild: false,
      electronDist: dist,
      electronVersion: '45.5.0',
      directories: { output: out },
      linux: { executableName: 'probe' },
    };
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fuse-probe', version: '1.0.0', main: 'index.js', build }));
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-builder/cli.js'), '--linux', 'dir', '--publish', 'never', '--projectDir', project], {
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, ELECTRON_BUILDER_CACHE: join(dir, 'cache') },
    });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const binary = readFileSync(join(out, 'linux-unpacked', 'probe'));
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = binary.subarray(at + 2, at + 2 + FUSE_WIRE.length).toString('latin1');
    const state = Object.fromEntries(FUSE_WIRE.map((name, i) => [name, wire[i] === '1']));
    expect(state).toMatchObject(REQUIRED);
    // The windows load from file:// with ES module scripts, which Chromium refuses there without this privilege
    // (module scripts need CORS, and file:// has none): it stays Electron's default until they load from a custom
    // protocol.
    expect(state.grantFileProtocolExtraPrivileges).toBe(true);
  });
});
