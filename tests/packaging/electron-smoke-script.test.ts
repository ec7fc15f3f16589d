// The Electron smoke script without the Electron binary: it finds the binary where the electron package keeps it,
// says in one line that it did not run when the binary is absent (and never reports that as passed), and its
// Playwright launch code bundles and finds the SKILL.md the model is shown.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleSmoke, electronBinaryPath, NOT_RUN_EXIT, notRunLine, ROOT } from '../../scripts/electron-smoke.mjs';
import { builtinSkillPathIn } from '../smoke/electron-smoke';
import { createCore } from '../../src-main/core/nanotray-core';
import { formatSkillsSummary } from '../../src-main/core/skills/skills-summary';
import { makeTempHome } from '../helpers/temp-home';

let dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-smoke-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('electronBinaryPath', () => {
  it("names each platform's executable inside the package's dist folder", () => {
    const electronDir = tempDir();
    expect(electronBinaryPath({ electronDir, env: {}, platform: 'linux' })).toBe(join(electronDir, 'dist', 'electron'));
    expect(electronBinaryPath({ electronDir, env: {}, platform: 'win32' })).toBe(join(electronDir, 'dist', 'electron.exe'));
    expect(electronBinaryPath({ electronDir, env: {}, platform: 'darwin' })).toBe(join(electronDir, 'dist', 'Electron.app/Contents/MacOS/Electron'));
  });

  it("follows the package's path.txt and ELECTRON_OVERRIDE_DIST_PATH, as electron's index.js does", () => {
    const electronDir = tempDir();
    writeFileSync(join(electronDir, 'path.txt'), 'electron-custom');
    expect(electronBinaryPath({ electronDir, env: {}, platform: 'linux' })).toBe(join(electronDir, 'dist', 'electron-custom'));
    expect(electronBinaryPath({ electronDir, env: { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }, platform: 'linux' })).toBe(join('/opt/electron', 'electron-custom'));
  });

  it('by default looks in this checkout’s electron package', () => {
    expect(electronBinaryPath({ env: {}, platform: 'linux' }).startsWith(join(ROOT, 'node_modules', 'electron', 'dist'))).toBe(true);
  });
});

describe('the smoke script without a binary', () => {
  it('says in one line that it did not run, and exits as not run (not passed)', () => {
    const empty = tempDir();
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'electron-smoke.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
    });
    expect(run.stdout).toBe(`${notRunLine(join(empty, 'electron'))}\n`);
    expect(run.stdout).toMatch(/^Electron smoke test: not run — no Electron binary at .*electron \(download blocked here;/);
    expect(run.status).toBe(NOT_RUN_EXIT);
    expect(NOT_RUN_EXIT).not.toBe(0);
  });

  it('bundles the Playwright launch code (tests/smoke/electron-smoke.ts) into one runnable module', async () => {
    const outfile = join(tempDir(), 'smoke.mjs');
    const result = await bundleSmoke(outfile);
    expect(result.errors).toEqual([]);
    const code = readFileSync(outfile, 'utf8');
    expect(code).toContain('import { _electron } from "playwright-core"');
    expect(code).toContain('SMOKE-RESULT');
  });
});

describe('the smoke run’s scripted model', () => {
  it('finds the first built-in SKILL.md in the skills summary the model is given', async () => {
    const home = makeTempHome();
    const created = createCore({ host: 'test', home: home.home, env: {}, appRoot: ROOT });
    if (!created.ok) throw new Error(created.error);
    try {
      const core = created.value;
      const skills = core.skills.list();
      const summary = formatSkillsSummary(skills, { builtinDir: core.builtinSkillsDir, workspaceDir: join(home.workspace, 'skills') });
      const first = skills.find((s) => s.source === 'builtin')!;
      expect(builtinSkillPathIn(`You are Nanotray.\n\n${summary}\n`)).toBe(first.skillFile);
    } finally {
      await created.value.dispose();
      home.cleanup();
    }
  });
});
