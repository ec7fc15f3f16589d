// Runs a shell command in its own process group and kills the whole tree (children, grandchildren) on timeout or abort.
import { spawn, spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { isProcessAlive } from '../../lib/process-alive';
import { BoundedText } from './bounded-text';

/** How long a tree gets between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 1000;
/** After the shell exits, how long to wait for stragglers still holding its output pipes. */
const PIPE_DRAIN_MS = 250;
/** Characters kept from the start and from the end of each stream. */
export const CAPTURE_CAP_CHARS = 20_000;

export interface ShellInvocation {
  file: string;
  args: string[];
}

/**
 * The user's shell when it is a POSIX one (bash, zsh, sh, dash, ksh), else /bin/sh; cmd.exe on Windows.
 * zsh gets -f so ~/.zshenv cannot re-export secrets into the child; bash -c reads no rc file by itself.
 */
export function userShell(command: string, env: NodeJS.ProcessEnv = process.env, platform = process.platform): ShellInvocation {
  if (platform === 'win32') return { file: env.ComSpec ?? env.COMSPEC ?? 'cmd.exe', args: ['/d', '/s', '/c', command] };
  const shell = env.SHELL ?? '';
  const name = basename(shell);
  if (shell.startsWith('/') && name === 'zsh') return { file: shell, args: ['-f', '-c', command] };
  if (shell.startsWith('/') && ['bash', 'sh', 'dash', 'ksh'].includes(name)) return { file: shell, args: ['-c', command] };
  return { file: '/bin/sh', args: ['-c', command] };
}

export interface RunTreeOptions {
  shell: ShellInvocation;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RunTreeResult {
  outcome: 'exited' | 'timeout' | 'aborted' | 'spawn_error';
  exitCode: number | null;
  /** The signal that ended the shell, if any. */
  exitSignal: NodeJS.Signals | null;
  stdout: BoundedText;
  stderr: BoundedText;
  pid: number | undefined;
  error?: string;
}

/** Process-group leaders of the trees still running in this process. */
const liveTrees = new Set<number>();
let exitHookInstalled = false;

/** Kills every tree this process started that is still running; returns how many there were. Never throws. */
export function killAllProcessTrees(signal: NodeJS.Signals = 'SIGKILL'): number {
  const pids = [...liveTrees];
  for (const pid of pids) killProcessTree(pid, signal);
  return pids.length;
}

/** A tree must not outlive the process that started it, however that process ends (exit(), a fatal error). */
function trackTree(pid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => killAllProcessTrees('SIGKILL'));
  }
  liveTrees.add(pid);
  return () => liveTrees.delete(pid);
}

/** Sends `signal` to the whole process group of `pid` (taskkill /T on Windows). Never throws. */
export function killProcessTree(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    if (process.platform === 'win32') {
      spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true });
    } else {
      process.kill(-pid, signal);
    }
  } catch {
    // already gone
  }
}

/** True while a process with this pid exists (moved to core/lib: the scheduler asks it too). */
export { isProcessAlive };

/**
 * Spawns the shell detached (a new process group) so that a timeout or abort can kill every process it started.
 * Resolves once the shell has exited and its output pipes are drained (or after a short grace when a background
 * process keeps them open). Never rejects.
 */
export function runProcessTree(options: RunTreeOptions): Promise<RunTreeResult> {
  const stdout = new BoundedText(CAPTURE_CAP_CHARS);
  const stderr = new BoundedText(CAPTURE_CAP_CHARS);
  return new Promise((resolve) => {
    let outcome: RunTreeResult['outcome'] = 'exited';
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const child = spawn(options.shell.file, options.shell.args, {
      cwd: options.cwd,
      env: options.env,
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const untrack = child.pid !== undefined ? trackTree(child.pid) : () => undefined;
    const finish = (exitCode: number | null, exitSignal: NodeJS.Signals | null, error?: string): void => {
      if (settled) return;
      settled = true;
      untrack();
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({ outcome, exitCode, exitSignal, stdout, stderr, pid: child.pid, ...(error ? { error } : {}) });
    };
    const stop = (why: 'timeout' | 'aborted'): void => {
      if (outcome !== 'exited' || child.pid === undefined) return;
      outcome = why;
      const pid = child.pid;
      killProcessTree(pid, 'SIGTERM');
      const hard = setTimeout(() => killProcessTree(pid, 'SIGKILL'), KILL_GRACE_MS);
      hard.unref();
      timers.push(hard);
    };
    const onAbort = (): void => stop('aborted');

    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout.append(chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
    child.on('error', (err) => {
      outcome = 'spawn_error';
      finish(null, null, err.message);
    });
    child.on('exit', (code, signal) => {
      if (outcome !== 'exited' && child.pid !== undefined) killProcessTree(child.pid, 'SIGKILL');
      const drain = setTimeout(() => finish(code, signal), PIPE_DRAIN_MS);
      timers.push(drain);
      child.on('close', () => finish(code, signal));
    });

    const timeout = setTimeout(() => stop('timeout'), options.timeoutMs);
    timers.push(timeout);
    if (options.signal?.aborted) stop('aborted');
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
