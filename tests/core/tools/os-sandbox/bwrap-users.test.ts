// The bubblewrap command line our plan builds, run for real: as root (CI) and as an unprivileged user (how people
// run Nanotray), the workspace is writable, the hidden home and keys read as nothing, the rest is read-only.
// The fake home lives under /var/tmp, not /tmp: the sandbox gives /tmp a private tmpfs, which would hide it anyway.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bwrapInvocation } from '../../../../src-main/core/tools/os-sandbox/bwrap-argv';
import { planSandbox } from '../../../../src-main/core/tools/os-sandbox/sandbox-plan';
import { findBwrap } from '../../../../src-main/core/tools/os-sandbox/sandbox-probe';

let root: string;
let user: string;
let workspace: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync('/var/tmp/nanotray-bwrap-'));
  chmodSync(root, 0o755);
  user = join(root, 'home');
  workspace = join(user, '.nanotray', 'workspace');
  mkdirSync(workspace, { recursive: true, mode: 0o755 });
  mkdirSync(join(user, '.ssh'), { mode: 0o755 });
  for (const d of [user, join(user, '.nanotray'), join(user, '.ssh')]) chmodSync(d, 0o755);
  chmodSync(workspace, 0o777); // the unprivileged user must be able to write it
  writeFileSync(join(user, '.ssh', 'id_ed25519'), 'fake-key-7777', { mode: 0o644 });
  writeFileSync(join(user, '.nanotray', 'config.json'), '{"apiKey":"fake-config-7777"}', { mode: 0o644 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = (name: string): string =>
  [
    'echo me=$(id -u)',
    `echo written > ${name} && echo wrote=yes`,
    'cat ../config.json ~/.ssh/id_ed25519 2>/dev/null; echo read-done',
    'touch ../../outside 2>/dev/null || echo outside=refused',
    'echo pid=$$',
    'mount -o remount,rw / 2>/dev/null && echo REMOUNTED || echo remount=refused',
  ].join('; ');

function runAs(prefix: string[], name: string): { stdout: string; status: number | null } {
  const bwrap = findBwrap(process.env.PATH ?? '');
  expect(bwrap, 'bubblewrap must be installed (.ci/run installs it)').toBeDefined();
  const plan = planSandbox({ workspace, cwd: workspace, nanotrayHome: join(user, '.nanotray'), userHome: user });
  const { file, args } = bwrapInvocation(bwrap!, plan, { file: '/bin/sh', args: ['-c', script(name)] });
  const r = spawnSync(prefix[0] ?? file, [...prefix.slice(1), ...(prefix.length ? [file] : []), ...args], {
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', HOME: user },
  });
  return { stdout: r.stdout, status: r.status };
}

function expectConfined(stdout: string, name: string): void {
  expect(stdout).toContain('wrote=yes');
  expect(stdout).toContain('read-done');
  expect(stdout).not.toContain('fake-key-7777');
  expect(stdout).not.toContain('fake-config-7777');
  expect(stdout).toContain('outside=refused');
  expect(stdout).toContain('remount=refused'); // no capabilities, root included
  expect(stdout).toMatch(/pid=[2-9]\n/); // a fresh PID namespace: the shell is one of its first processes
  expect(readFileSync(join(workspace, name), 'utf8')).toBe('written\n');
  expect(existsSync(join(user, 'outside'))).toBe(false);
}

const isRoot = process.getuid?.() === 0;

describe('the bwrap argv, run', () => {
  it(`as ${isRoot ? 'root' : 'this user'}`, () => {
    const { stdout, status } = runAs([], 'made-by-self.txt');
    expect(status).toBe(0);
    expect(stdout).toContain(`me=${process.getuid?.()}`);
    expectConfined(stdout, 'made-by-self.txt');
  });

  it('as an unprivileged user (nobody, through setpriv when we are root)', () => {
    const prefix = isRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
    const { stdout, status } = runAs(prefix, 'made-by-nobody.txt');
    expect(status).toBe(0);
    expect(stdout).toContain(isRoot ? 'me=65534' : `me=${process.getuid?.()}`);
    expectConfined(stdout, 'made-by-nobody.txt');
  });
});
