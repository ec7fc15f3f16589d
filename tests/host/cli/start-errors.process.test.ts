// Real CLI processes on a home that cannot be used say what happened and what to do: a full disk (not "disk I/O
// error"), a read-only home (not "unable to open database file"), a home of another user (not a temp file's name);
// and a 10 MB model name in config.json is refused, naming the key, before anything is sent to the provider.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canMount, fillUntilFree, remount, removeSmallDisks, smallDisk } from '../../helpers/small-disk';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { testConfig } from '../../helpers/temp-home';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
let llm: ScriptedLlm;
const homes: string[] = [];
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  removeSmallDisks();
  for (const h of homes.splice(0)) {
    chmodSync(h, 0o700);
    rmSync(h, { recursive: true, force: true });
  }
});

function cli(home: string, args: string[], extra: SpawnSyncOptions = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home, NANOTRAY_HOME: home },
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
    ...extra,
  }) as ReturnType<typeof spawnSync> & { stdout: string; stderr: string };
}

/** A home on a 2 MB tmpfs with a config pointing at the scripted server, set up by one `status` run. */
function homeOnSmallDisk(): string {
  const home = smallDisk(2048);
  writeFileSync(join(home, 'config.json'), JSON.stringify(testConfig(llm.baseUrl, 'auto')));
  expect(cli(home, ['status']).status).toBe(0);
  return home;
}

describe.skipIf(!canMount)('on a small disk (a real tmpfs; skipped only where this process may not mount one)', () => {
  it('a full disk at start says so, with the free space and what to do', () => {
    const home = homeOnSmallDisk();
    fillUntilFree(home, 0);
    const run = cli(home, ['agent', '-m', 'hi']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Nanotray cannot start: the disk holding ${home} is full (0 KB free). Free some space`);
    expect(run.stderr).not.toMatch(/disk I\/O error/);
  });

  it('a read-only home says so and what to do', () => {
    const home = homeOnSmallDisk();
    remount(home, 'ro');
    const run = cli(home, ['agent', '-m', 'hi']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Nanotray cannot start: ${home} is on a read-only file system. Remount it writable`);
    expect(run.stderr).not.toMatch(/unable to open database file/);
  });
});

describe('a home the user may not use', () => {
  it("names the home and its owner, never a temp file (another user's home; as a user: one made unreadable)", () => {
    const home = mkdtempSync(join(tmpdir(), 'nanotray-foreign-'));
    homes.push(home);
    const asRoot = process.getuid?.() === 0;
    // root passes every permission check: run the CLI as `nobody` on root's 0700 home instead
    if (!asRoot) chmodSync(home, 0o000);
    const run = cli(home, ['status'], asRoot ? { uid: 65534, gid: 65534 } : {});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Nanotray cannot start: you may not read and write ${home}`);
    if (asRoot) expect(run.stderr).toContain('(it belongs to uid 0; you are uid 65534)');
    expect(run.stderr).not.toMatch(/\.tmp|EACCES/);
  });
});

describe('config values are bounded', () => {
  it('a 10 MB model name is refused, naming agent.model, and nothing is sent to the provider', () => {
    const home = mkdtempSync(join(tmpdir(), 'nanotray-big-'));
    homes.push(home);
    writeFileSync(join(home, 'config.json'), JSON.stringify(testConfig(llm.baseUrl, 'auto', { agent: { model: 'm'.repeat(10 * 1024 * 1024) } })));
    const before = llm.requests.length;
    const run = cli(home, ['agent', '-m', 'hi']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('agent.model: at most 256 characters (a model name)');
    expect(run.stderr.length).toBeLessThan(2000);
    expect(llm.requests.length).toBe(before);
  });
});
