// The user's PATH as their login shell sets it. An app started from the Dock, at login or from a desktop entry gets
// the system's bare PATH (/usr/bin:/bin:…), so commands and MCP servers missed Homebrew, nvm, `gh`, `npx`. Read
// once at start, bounded in time, as VS Code does; only PATH is taken from the shell.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

const MARK = '__NANOTRAY_PATH__';
const TIMEOUT_MS = 3_000;

export interface LoginPathOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Whether this process has a terminal (started from one: its PATH is the user's already). */
  fromTerminal: boolean;
}

/** Whether to ask the login shell: macOS always (unless from a terminal), Linux when not started from a terminal. */
export function needsLoginPath(options: LoginPathOptions): boolean {
  if (options.platform === 'win32' || options.fromTerminal) return false;
  return Boolean(options.env.SHELL);
}

/** The PATH between the marks in the shell's output (startup files may print anything around it). */
export function pathFromOutput(output: string): string | undefined {
  const start = output.indexOf(MARK);
  const end = output.indexOf(MARK, start + MARK.length);
  if (start < 0 || end < 0) return undefined;
  const path = output.slice(start + MARK.length, end).trim();
  return path && !path.includes('\n') ? path : undefined;
}

/** `current` with the login shell's entries added in front, each once. */
export function mergePaths(login: string, current: string): string {
  const seen = new Set<string>();
  return [...login.split(delimiter), ...current.split(delimiter)].filter((p) => p && !seen.has(p) && seen.add(p)).join(delimiter);
}

/** Runs `$SHELL -ilc` once to read its PATH; undefined when it fails or takes longer than 3 s. Never rejects. */
export function readLoginShellPath(shell: string, env: NodeJS.ProcessEnv, timeoutMs = TIMEOUT_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(shell, ['-ilc', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`], {
      env: { ...env, NANOTRAY_READING_PATH: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: false,
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(undefined);
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(pathFromOutput(out));
    });
  });
}

/** Sets process.env.PATH from the login shell where it is needed; resolves when done (or given up). */
export async function adoptLoginShellPath(options: LoginPathOptions, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!needsLoginPath(options) || !options.env.SHELL) return false;
  const login = await readLoginShellPath(options.env.SHELL, options.env);
  if (!login) return false;
  env.PATH = mergePaths(login, options.env.PATH ?? '');
  return true;
}
