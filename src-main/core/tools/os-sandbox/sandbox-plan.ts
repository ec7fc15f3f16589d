// What the exec sandbox lets a command see: the workspace read-write but for the files that steer the agent,
// everything else read-only, and Nanotray's home, the user's credential stores and the sockets of other managers hidden.
import { lstatSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from '../../fence/path-guard';
import { NANOTRAY_HOME_ENTRY } from '../../config/home-paths';
import { scanCodeRunning } from '../../fence/code-running-scan';

/** Relative to the user's home: keys, tokens, cookies and shell histories. */
export const CREDENTIAL_PATHS: readonly string[] = [
  '.ssh', '.gnupg', '.aws', '.azure', '.config/gcloud', '.config/gh', '.config/hub', '.config/op', '.docker',
  '.kube', '.netrc', '.npmrc', '.yarnrc', '.pypirc', '.git-credentials', '.config/git/credentials', '.pgpass',
  '.my.cnf', '.cargo/credentials', '.cargo/credentials.toml', '.gem/credentials', '.terraform.d', '.vault-token',
  '.password-store', '.local/share/keyrings', '.mozilla', '.config/google-chrome', '.config/chromium',
  '.config/BraveSoftware', '.config/Nanotray', '.config/nanotray', '.bash_history', '.zsh_history',
  '.python_history', '.node_repl_history', '.psql_history', '.mysql_history',
  'Library/Keychains', 'Library/Cookies', 'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox', 'Library/Application Support/Nanotray',
];

/** Folders of Nanotray's home made before a command when missing, so that a workspace that is the home cannot plant them. */
const HOME_FOLDERS = ['run', 'cache'];

/** Sockets that hand out more than the sandbox allows (containers as root, the user's session bus). */
const SOCKET_PATHS = ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd', '/run/podman', '/var/run/libvirt'];

export interface SandboxPlanInput {
  /** Real path of the workspace: the only place a command may write (besides a private /tmp). */
  workspace: string;
  /** Real path of the folder the command starts in. */
  cwd: string;
  /** $NANOTRAY_HOME ('' when unknown). */
  nanotrayHome: string;
  /** The user's home folder. */
  userHome: string;
  /** $XDG_RUNTIME_DIR (the session bus, keyring and agent sockets live there). */
  runtimeDir?: string;
  /** Paths in the workspace commands may read but never change (the files that steer the agent), existing or not. */
  readOnly?: readonly string[];
}

/**
 * One mount of the plan, applied in order (a deeper path after the one containing it). `read-only` is a path of
 * the workspace a command may not change; `exists` false when there is nothing to bind yet (seatbelt still denies it).
 */
export type PlanMount =
  | { kind: 'hide-dir'; path: string }
  | { kind: 'hide-file'; path: string }
  | { kind: 'writable'; path: string }
  | { kind: 'read-only'; path: string; exists: boolean };

export interface SandboxPlan {
  cwd: string;
  mounts: PlanMount[];
  /** The folder whose code-running files (code-running-paths.ts) no command writes, at any depth (seatbelt's rules). */
  codeRunningRoot?: string;
}

/** The real path of an existing file or folder (a symlink is hidden where it points), else undefined. */
function existing(path: string): { real: string; dir: boolean } | undefined {
  try {
    lstatSync(path);
    const real = realpathSync.native(path);
    return { real, dir: lstatSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}

const depth = (p: string): number => p.split('/').filter(Boolean).length;

/**
 * The folders of the workspace above `path` (a hidden or read-only mount deeper in it), each to be bound onto itself:
 * a mount point cannot be renamed, so no command moves a folder holding the mount away and puts another folder, with
 * its own files, at the very path the next process reads (the app's out/ inside a workspace such as ~/code). Folders
 * inside a hidden or read-only mount of the workspace are left alone (binding them would show what the mount hides).
 */
function foldersAbove(path: string, workspace: string, mounts: ReadonlyMap<string, PlanMount>): string[] {
  const folders: string[] = [];
  for (let dir = dirname(path); dir !== workspace && isInside(workspace, dir); dir = dirname(dir)) folders.push(dir);
  const covered = (dir: string): boolean =>
    [...mounts.values()].some((m) => m.kind !== 'writable' && m.path !== workspace && isInside(workspace, m.path) && m.path !== dir && isInside(m.path, dir));
  return folders.filter((dir) => !mounts.has(dir) && !covered(dir));
}

/**
 * The code-running entries of the workspace (code-running-paths.ts), each read-only: what exists at any depth, each
 * repository's .git/hooks and .git/config, and the folder its core.hooksPath names. A repository without a hooks
 * folder gets an empty one first (what `git init` makes), so that there is something to bind and none can be made.
 * What does not exist yet is left to seatbelt's rules and, under bubblewrap, to the exec guard after the command.
 */
function codeRunningPaths(workspace: string): string[] {
  const scan = scanCodeRunning(workspace);
  const paths = [...scan.entries, ...scan.hooksPaths];
  for (const gitDir of scan.gitDirs) {
    const hooks = join(gitDir, 'hooks');
    try {
      mkdirSync(hooks);
    } catch {
      // there already (or the repository is not ours to change)
    }
    paths.push(hooks, join(gitDir, 'config'));
  }
  return paths;
}

/**
 * What of Nanotray's home to hide: the home whole (a workspace inside it is bound again on top), or, when the workspace
 * is the home itself, each of Nanotray's own entries there as they are now (its settings, database, sign-ins, the
 * browser host's token in run/, cache, logs, backups and their temp files).
 */
function homeEntries(home: string, workspace: string): string[] {
  if (!home) return [];
  if (existing(home)?.real !== workspace) return [home];
  for (const folder of HOME_FOLDERS) {
    try {
      mkdirSync(join(home, folder), { mode: 0o700 });
    } catch {
      // there already
    }
  }
  try {
    return readdirSync(home).filter((name) => NANOTRAY_HOME_ENTRY.test(name)).map((name) => join(home, name));
  } catch {
    return [];
  }
}

/**
 * Builds the mounts: every existing hidden path (folders become empty, files empty) and the workspace bound
 * read-write, ordered by depth so that the workspace stays visible inside a hidden home and a hidden path
 * inside the workspace stays hidden. Paths that do not exist are left out (nothing to hide).
 */
export function planSandbox(input: SandboxPlanInput): SandboxPlan {
  const home = input.nanotrayHome;
  const candidates = [
    ...homeEntries(home, input.workspace),
    ...CREDENTIAL_PATHS.map((p) => join(input.userHome, p)),
    ...SOCKET_PATHS,
    ...(input.runtimeDir ? [input.runtimeDir] : []),
  ];
  const mounts = new Map<string, PlanMount>();
  for (const candidate of candidates) {
    const found = existing(candidate);
    if (!found || found.real === '/' || mounts.has(found.real)) continue;
    mounts.set(found.real, { kind: found.dir ? 'hide-dir' : 'hide-file', path: found.real });
  }
  // The workspace wins over a hide of the very same folder (a workspace that is the home itself).
  mounts.set(input.workspace, { kind: 'writable', path: input.workspace });
  for (const path of [...(input.readOnly ?? []), ...codeRunningPaths(input.workspace)]) {
    const found = existing(path);
    // a link leading out of the workspace: what it points to is read-only there already
    if (found && !isInside(input.workspace, found.real)) continue;
    const target = found?.real ?? path;
    if (!mounts.has(target)) mounts.set(target, { kind: 'read-only', path: target, exists: found !== undefined });
  }
  const pinned = [...mounts.values()].filter((m) => m.kind !== 'writable' && (m.kind !== 'read-only' || m.exists));
  for (const mount of pinned) {
    if (mount.path === input.workspace || !isInside(input.workspace, mount.path)) continue;
    for (const dir of foldersAbove(mount.path, input.workspace, mounts)) mounts.set(dir, { kind: 'writable', path: dir });
  }
  const ordered = [...mounts.values()].sort((a, b) => depth(a.path) - depth(b.path));
  return { cwd: input.cwd, mounts: ordered, codeRunningRoot: input.workspace };
}
