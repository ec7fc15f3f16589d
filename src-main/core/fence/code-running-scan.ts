// Finds the code-running entries that exist in a folder at any depth (a bounded walk that never follows a link): the
// exec sandbox makes them read-only, and the exec guard compares them before and after a command.
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isInside } from './path-guard';
import { canonicalName, codeRunningEntry, hooksPathIn, isCodeRunningPath } from './code-running-paths';

/** Bounds of one walk: a workspace with more than this is walked as far as the bound (`complete` false). */
export interface ScanLimits {
  maxEntries: number;
  maxDepth: number;
}
export const DEFAULT_SCAN_LIMITS: ScanLimits = { maxEntries: 50_000, maxDepth: 16 };

export interface CodeRunningScan {
  /** Absolute paths of the code-running entries found (files, folders or links; a `.git` file too). */
  entries: string[];
  /** The `.git` folders found (the workspace's own and nested repositories'). */
  gitDirs: string[];
  /** Folders inside `root` that a repository's `core.hooksPath` names (existing or not). */
  hooksPaths: string[];
  /** False when the walk stopped at a bound. */
  complete: boolean;
}

/** Folders never walked: installed packages (nobody works inside them). */
const NOT_WALKED: ReadonlySet<string> = new Set(['node_modules']);
/** Folders whose own entries are checked but whose subfolders are not (python packages: only the .pth files run). */
const NOT_DESCENDED: ReadonlySet<string> = new Set(['site-packages', 'dist-packages']);

function listQuiet(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** The hooks folder a repository's config names (`gitDir`: its .git folder), when it lies inside `root`. */
export function configuredHooksPath(gitDir: string, root: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(gitDir, 'config'), 'utf8').slice(0, 256 * 1024);
  } catch {
    return undefined;
  }
  const named = hooksPathIn(text);
  if (!named || named.startsWith('~')) return undefined;
  // relative to the working tree (the folder holding .git), as git resolves it
  const target = isAbsolute(named) ? resolve(named) : resolve(dirname(gitDir), named);
  return isInside(root, target) && target !== root ? target : undefined;
}

/**
 * The last walk of each folder with the default limits, kept for the synchronous code running now (dropped at its
 * end, a microtask): exec's guard and the sandbox plan look at the workspace in one stretch before a command starts,
 * and one walk serves both. Nothing this process does changes the workspace in between.
 */
const recent = new Map<string, CodeRunningScan>();

/** Walks `root` (a real folder) breadth-first, never through a link, within `limits`. */
export function scanCodeRunning(root: string, limits: ScanLimits = DEFAULT_SCAN_LIMITS): CodeRunningScan {
  if (limits !== DEFAULT_SCAN_LIMITS) return walkCodeRunning(root, limits);
  const kept = recent.get(root);
  if (kept) return kept;
  const scan = walkCodeRunning(root, limits);
  recent.set(root, scan);
  queueMicrotask(() => recent.delete(root));
  return scan;
}

function walkCodeRunning(root: string, limits: ScanLimits): CodeRunningScan {
  const scan: CodeRunningScan = { entries: [], gitDirs: [], hooksPaths: [], complete: true };
  const queue: Array<{ abs: string; rel: string; name: string; depth: number; inGit: boolean }> = [{ abs: root, rel: '', name: '', depth: 0, inGit: false }];
  let seen = 0;
  for (let next = 0; next < queue.length; next++) {
    const dir = queue[next]!;
    for (const entry of listQuiet(dir.abs)) {
      if (++seen > limits.maxEntries) {
        scan.complete = false;
        return withHooksPaths(scan, root);
      }
      const abs = join(dir.abs, entry.name);
      const rel = dir.rel ? `${dir.rel}/${entry.name}` : entry.name;
      const name = canonicalName(entry.name);
      if (name === '.git') {
        // a .git file points git at another folder's config and hooks: protected as a whole
        if (entry.isDirectory()) scan.gitDirs.push(abs);
        else scan.entries.push(abs);
        if (entry.isDirectory()) queue.push({ abs, rel, name, depth: dir.depth + 1, inGit: true });
        continue;
      }
      if (codeRunningEntry(dir.name || undefined, name, dir.inGit)) {
        scan.entries.push(abs);
        continue;
      }
      if (!entry.isDirectory() || NOT_WALKED.has(name) || NOT_DESCENDED.has(dir.name)) continue;
      // in .git only linked worktrees hold more config (objects and refs are many and never code)
      if (dir.inGit && name !== 'worktrees' && !dir.rel.toLowerCase().includes('.git/worktrees')) continue;
      if (dir.depth + 1 >= limits.maxDepth) {
        scan.complete = false;
        continue;
      }
      queue.push({ abs, rel, name, depth: dir.depth + 1, inGit: dir.inGit });
    }
  }
  return withHooksPaths(scan, root);
}

function withHooksPaths(scan: CodeRunningScan, root: string): CodeRunningScan {
  for (const gitDir of scan.gitDirs) {
    const hooks = configuredHooksPath(gitDir, root);
    if (hooks && !scan.hooksPaths.includes(hooks)) scan.hooksPaths.push(hooks);
  }
  return scan;
}

/** The enclosing repository's configured hooks folder holds `real` (its core.hooksPath, wherever it points). */
function inConfiguredHooksPath(real: string): boolean {
  for (let dir = dirname(real), hops = 0; hops < 64; dir = dirname(dir), hops++) {
    let isRepo = false;
    try {
      isRepo = lstatSync(join(dir, '.git')).isDirectory();
    } catch {
      // not a repository's top folder
    }
    if (isRepo) {
      const hooks = configuredHooksPath(join(dir, '.git'), '/');
      return hooks !== undefined && isInside(hooks, real);
    }
    if (dirname(dir) === dir) return false;
  }
  return false;
}

/**
 * True when a file tool writing `abs` (lexical) / `real` (where it lands) would change code that runs later. Inside
 * the workspace the path is matched from the workspace down (a workspace that itself lives in, say, ~/.claude/ is
 * not all protected); outside it (the fence off) the whole path is, so ~/.bashrc counts.
 */
export function writesCodeRunning(abs: string, real: string, workspace: string): boolean {
  for (const path of [abs, real]) {
    const matched = isInside(workspace, path) ? relative(workspace, path) : path;
    if (matched !== '' && isCodeRunningPath(matched)) return true;
  }
  return inConfiguredHooksPath(real);
}
