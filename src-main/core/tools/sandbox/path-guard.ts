// Workspace fence for file paths: resolves a model-given path and checks its REAL path (symlinks followed).
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errResult, okResult, type Result } from '../../lib/result';

const MAX_SYMLINK_HOPS = 40;

export interface PathFence {
  /** Real path of the workspace; relative paths resolve against it. */
  workspace: string;
  /** `tools.restrictToWorkspace`: when false every path is allowed. */
  restrict: boolean;
  /** Extra roots that may be read even when restricted (the built-in skills folder). */
  extraRoots?: readonly string[];
}

/** `~` and `~/x` → the user's home; everything else unchanged. */
export function expandTilde(p: string): string {
  if (p === '~') return homedir();
  if (p.startsWith('~/') || p.startsWith('~\\')) return join(homedir(), p.slice(2));
  return p;
}

/**
 * The real path of `abs` even when it (or its tail) does not exist yet: the longest existing ancestor is
 * resolved with realpath, dangling symlinks are followed to their target, and the missing rest is appended.
 * So a new file under a symlinked folder, or a dangling link pointing outside, is judged by where it lands.
 */
export function realPathLoose(abs: string, hops = 0): string {
  try {
    return realpathSync.native(abs);
  } catch {
    if (hops > MAX_SYMLINK_HOPS) return abs;
    const parent = dirname(abs);
    if (parent === abs) return abs;
    try {
      if (lstatSync(abs).isSymbolicLink()) {
        return realPathLoose(resolve(dirname(abs), readlinkSync(abs)), hops + 1);
      }
    } catch {
      // does not exist at all: fall through to the parent
    }
    return join(realPathLoose(parent, hops + 1), basename(abs));
  }
}

/** True when `candidate` is `root` or inside it (both real paths); `/ws-evil` is not inside `/ws`. */
export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The model-facing refusal for a path outside the fence. */
export function outsideWorkspaceError(path: string, workspace: string): string {
  return (
    `Error: Path ${path} is outside the workspace ${workspace}. ` +
    'This is a policy boundary (tools.restrictToWorkspace), not an obstacle to work around: ' +
    'do not try other paths, links or commands to reach it. Work inside the workspace, or ask the user.'
  );
}

/**
 * Resolves a model-given path (relative to the workspace, absolute, or `~`) to an absolute path.
 * With `restrict`, refuses any path whose real location is outside the workspace (and the extra roots).
 * The returned path is the lexical one (so messages show what the model asked for); containment is
 * decided on real paths.
 */
export function resolveToolPath(input: string, fence: PathFence): Result<string> {
  const abs = resolve(fence.workspace, expandTilde(input.trim()));
  if (!fence.restrict) return okResult(abs);
  const real = realPathLoose(abs);
  const roots = [fence.workspace, ...(fence.extraRoots ?? [])].map((r) => realPathLoose(resolve(r)));
  if (roots.some((root) => isInside(root, real))) return okResult(abs);
  return errResult(outsideWorkspaceError(input, fence.workspace));
}

/** The fence for a tool call: `readsSkills` lets read tools reach the built-in skills folder too. */
export function fenceFor(
  ctx: { workspace: string; builtinSkillsDir: string; config: { tools: { restrictToWorkspace: boolean } } },
  readsSkills = false,
): PathFence {
  return {
    workspace: ctx.workspace,
    restrict: ctx.config.tools.restrictToWorkspace,
    extraRoots: readsSkills ? [ctx.builtinSkillsDir] : [],
  };
}
