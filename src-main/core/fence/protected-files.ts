// Files no file tool may touch, wherever the fence is: everything in each open home but its workspace (config.json,
// the database, MCP sign-ins, the browser host's token in run/, the cache every later process trusts, logs, …; the
// secret files by inode too, so a hard link is caught), the app's built code and packages, and /proc/<pid>/environ.
import { realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { NANOTRAY_HOME_ENTRY } from '../config/home-paths';

/** The files of a home that hold secrets, also caught by inode (a hard link made elsewhere). */
const SECRET_FILES = ['config.json', 'mcp-auth.json', join('run', 'web-host.json'), 'nanotray.db', 'nanotray.db-wal', 'nanotray.db-shm', 'nanotray.db-journal'];
/** procfs entries that hold a process's environment or memory (API keys from the environment). */
const PROC_SECRET = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/(?:environ|mem)$/;

const homes = new Map<string, number>();
/** The workspaces of the cores using each home (getters: a workspace can change while the core runs). */
const workspaces = new Map<string, Set<() => string>>();
/** Folders protected whole (the app's built code and packages), each with the number of cores protecting it. */
const folders = new Map<string, number>();

/**
 * The protected inodes as seen by the synchronous code running now, dropped when it ends (a microtask): a prompt build
 * checks a dozen files in one go, and stats the protected files once for all of them rather than once a file. Nothing
 * this process does can replace those files inside one synchronous stretch without telling this module (a home's
 * protection starting or ending clears it); another process can race any check anyway, taken at once or not.
 */
let snapshot: Array<{ dev: number; ino: number }> | undefined;

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Counts one more protection of `path`'s real path in `counts` until the returned disposer runs (once). */
function retain(counts: Map<string, number>, path: string): () => void {
  const real = realOr(path);
  counts.set(real, (counts.get(real) ?? 0) + 1);
  snapshot = undefined;
  let disposed = false;
  return () => {
    if (disposed) return;
    disposed = true;
    snapshot = undefined;
    const n = (counts.get(real) ?? 1) - 1;
    if (n > 0) counts.set(real, n);
    else counts.delete(real);
  };
}

/**
 * Protects everything in `home` from the file tools until the returned disposer runs, but the workspace (`workspace`,
 * a real path) when it is inside the home; when it is the home itself, Nanotray's own entries (NANOTRAY_HOME_ENTRY).
 */
export function protectHomeFiles(home: string, workspace?: () => string): () => void {
  const release = retain(homes, home);
  if (!workspace) return release;
  const real = realOr(home);
  const set = workspaces.get(real) ?? new Set();
  set.add(workspace);
  workspaces.set(real, set);
  return () => {
    set.delete(workspace);
    if (set.size === 0 && workspaces.get(real) === set) workspaces.delete(real);
    release();
  };
}

/**
 * Protects everything in `folder` from the file tools until the returned disposer runs: the app's built code (`out/`,
 * with the compiled-code cache of bin/bundle-loader.mjs, which no review would see through) and its packages
 * (`node_modules/`): every later process runs them, and git shows neither.
 */
export function protectFolder(folder: string): () => void {
  return retain(folders, folder);
}

function sameName(a: string, b: string): boolean {
  return process.platform === 'linux' ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** dev+ino of every protected file that exists now (taken once per synchronous stretch, see `snapshot`). */
function protectedInodes(): Array<{ dev: number; ino: number }> {
  if (snapshot) return snapshot;
  const out: Array<{ dev: number; ino: number }> = [];
  for (const home of homes.keys()) {
    for (const name of SECRET_FILES) {
      try {
        // no exception for a file that is not there (a database without its journal is the usual case)
        const st = statSync(join(home, name), { throwIfNoEntry: false });
        if (st) out.push({ dev: st.dev, ino: st.ino });
      } catch {
        // unreadable: nothing to protect by inode
      }
    }
  }
  snapshot = out;
  queueMicrotask(() => {
    if (snapshot === out) snapshot = undefined;
  });
  return out;
}

/** True when `real` is `folder` or inside it. */
function inFolder(real: string, folder: string): boolean {
  return sameName(real, folder) || sameName(real.slice(0, folder.length + 1), folder + sep);
}

/** True when `real` is in one of the folders protected whole (the app's code). */
function inProtectedFolder(real: string): boolean {
  for (const folder of folders.keys()) if (inFolder(real, folder)) return true;
  return false;
}

/**
 * True when `real` is in Nanotray's part of `home`: one of its own entries, or anything else in the home that is not
 * in a workspace lying in the home (a workspace that contains the home leaves the home protected whole).
 */
function inNanotrayPart(real: string, home: string): boolean {
  if (sameName(real, home) || !inFolder(real, home)) return false;
  const first = real.slice(home.length + 1).split(sep)[0]!;
  if (NANOTRAY_HOME_ENTRY.test(first)) return true;
  for (const workspace of workspaces.get(home) ?? []) {
    const ws = workspace();
    if (inFolder(ws, home) && inFolder(real, ws)) return false;
  }
  return true;
}

/**
 * True when `real` (a real path) names a protected file: Nanotray's part of a home, the app's code folders, or a
 * process's environ.
 */
export function isProtectedPath(real: string): boolean {
  if (PROC_SECRET.test(real)) return true;
  for (const home of homes.keys()) if (inNanotrayPart(real, home)) return true;
  return inProtectedFolder(real);
}

/** True when a file with this dev+ino is one of the protected files (a hard link to config.json, …). */
export function isProtectedInode(st: { dev: number; ino: number }): boolean {
  return protectedInodes().some((p) => p.dev === st.dev && p.ino === st.ino);
}

/** The model-facing refusal for a protected file (`real`: its real path, when known). */
export function protectedFileError(path: string, real?: string): string {
  if (real !== undefined && inProtectedFolder(real)) {
    return (
      `Error: ${path} is part of Nanotray's own code (its built bundles or installed packages), which every later run ` +
      'executes. No file tool may read or change it, whatever the path or link used to reach it.'
    );
  }
  return (
    `Error: ${path} is one of Nanotray's own files (its settings, database, sign-ins, run state, cache or a process environment), which hold ` +
    'API keys and other secrets or steer the agent. No file tool may read or change it, whatever the path or link used to reach it.'
  );
}
