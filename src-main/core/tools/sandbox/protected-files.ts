// Files no file tool may touch, wherever the fence is: each open home's config.json and nanotray.db*
// (by path and by inode, so a hard link or another spelling is caught too), its cache/ folder, the app's built code
// and packages, and /proc/<pid>/environ.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';

/** Names in a home folder that hold secrets: config.json (and its atomic-write temp files), the database. */
const SECRET_NAME = /^\.?(config\.json|nanotray\.db)/i;
const DB_FILES = ['nanotray.db', 'nanotray.db-wal', 'nanotray.db-shm', 'nanotray.db-journal'];
/**
 * The home's folder of what Nanotray derived from the files that steer the agent (the skill front matter cache): every
 * later process trusts it, so writing it would change the system prompt past the review a SKILL.md change waits for.
 */
const CACHE_FOLDER = 'cache';
/** procfs entries that hold a process's environment or memory (API keys from the environment). */
const PROC_SECRET = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/(?:environ|mem)$/;

const homes = new Map<string, number>();
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

/** Protects `home`'s secret files from the file tools until the returned disposer runs. */
export function protectHomeFiles(home: string): () => void {
  return retain(homes, home);
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
    for (const name of ['config.json', ...DB_FILES]) {
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
 * True when `real` (a real path) names a protected file: a home's secret files or cache, the app's code folders, or a
 * process's environ.
 */
export function isProtectedPath(real: string): boolean {
  if (PROC_SECRET.test(real)) return true;
  const dir = dirname(real);
  for (const home of homes.keys()) {
    if (sameName(dir, home) && SECRET_NAME.test(basename(real))) return true;
    if (inFolder(real, join(home, CACHE_FOLDER))) return true;
  }
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
    `Error: ${path} is one of Nanotray's own files (its settings, database, cache or a process environment), which hold ` +
    'API keys and other secrets or steer the agent. No file tool may read or change it, whatever the path or link used to reach it.'
  );
}
