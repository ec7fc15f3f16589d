// Finds out once per process whether the OS sandbox works here: bubblewrap on Linux (installed, and allowed to
// make namespaces), sandbox-exec on macOS. Probing runs a real, empty command inside it.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { SANDBOX_EXEC } from './seatbelt-profile';
import type { SandboxProbe } from './sandbox-state';

const PROBE_TIMEOUT_MS = 10_000;

export interface ProbeEnvironment {
  platform: NodeJS.Platform;
  /** PATH to look for bwrap in. */
  path: string;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on PATH (or in /usr/bin, /bin), if any. */
function findProgram(name: string, path: string): string | undefined {
  const dirs = [...path.split(delimiter).filter(Boolean), '/usr/bin', '/bin'];
  return dirs.map((d) => join(d, name)).find(executable);
}

/** The first `bwrap` on PATH (or in /usr/bin), if any. */
export function findBwrap(path: string): string | undefined {
  return findProgram('bwrap', path);
}

/** Runs a command to its end; resolves with its exit code and the first line of its stderr. Never rejects. */
function runQuietly(file: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: '/usr/bin:/bin' } });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stderr: err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim().split('\n')[0] ?? '' });
    });
  });
}

const BWRAP_PROBE = ['--die-with-parent', '--unshare-pid', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];

async function probeBwrap(path: string): Promise<SandboxProbe> {
  const bwrap = findBwrap(path);
  if (!bwrap) return { ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' };
  const base = await runQuietly(bwrap, [...BWRAP_PROBE, '--', '/bin/sh', '-c', 'exit 0']);
  if (base.code !== 0) {
    return { ok: false, reason: 'probe_failed', detail: `bwrap cannot create namespaces here: ${base.stderr || `exit ${base.code}`}` };
  }
  const net = await runQuietly(bwrap, [...BWRAP_PROBE, '--unshare-net', '--', '/bin/sh', '-c', 'exit 0']);
  // socat carries the sandbox's 127.0.0.1:3128 to the egress proxy's unix socket; without it, no network inside
  const socat = findProgram('socat', path);
  return { ok: true, kind: 'bubblewrap', command: bwrap, networkIsolation: net.code === 0, ...(socat ? { bridge: socat } : {}) };
}

async function probeSeatbelt(): Promise<SandboxProbe> {
  if (!executable(SANDBOX_EXEC)) return { ok: false, reason: 'not_installed', detail: `${SANDBOX_EXEC} is missing` };
  const run = await runQuietly(SANDBOX_EXEC, ['-p', '(version 1)(allow default)', '/usr/bin/true']);
  if (run.code !== 0) return { ok: false, reason: 'probe_failed', detail: `sandbox-exec failed: ${run.stderr || `exit ${run.code}`}` };
  return { ok: true, kind: 'seatbelt', command: SANDBOX_EXEC, networkIsolation: true };
}

/** Probes this machine (no cache: see execSandbox for the once-per-process answer). */
export function probeSandbox(env: ProbeEnvironment): Promise<SandboxProbe> {
  if (env.platform === 'linux') return probeBwrap(env.path);
  if (env.platform === 'darwin') return probeSeatbelt();
  return Promise.resolve({ ok: false, reason: 'unsupported_platform', detail: `no OS sandbox for ${env.platform}` });
}
