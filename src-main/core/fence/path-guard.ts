// Workspace fence for file paths: resolves a model-given path and checks its REAL path (symlinks followed).
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { errResult, okResult, type Result } from '../lib/result';
import { toolError, type ToolError } from '../lib/tool-error';

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
 * The real path of `abs` even when it (or its tail) does not exist yet, or undefined after more than 40
 * symbolic links (a loop, or a chain built to tire the check). Walks the path one component at a time
 * as the kernel does: a symlink's target is spliced in and resolved from the real folder holding it, and
 * missing components are appended as they are. So a new file under a symlinked folder, or a dangling link
 * pointing outside, is judged by where it would land. Only symlinks count as hops, never missing levels.
 */
export function realPathLoose(abs: string): string | undefined {
  // A path that exists (the usual case, checked on every turn for each prompt file and skill): the kernel's own walk
  // gives the same answer in one call, without a JavaScript object per component. Anything else (a missing tail, a
  // loop, a component that cannot be read) takes the walk below.
  if (process.platform !== 'win32') {
    try {
      return realpathSync.native(abs);
    } catch {
      // walk it
    }
  }
  const { root } = parse(abs);
  const pending = abs.slice(root.length).split(/[\\/]+/).filter(Boolean);
  let real = root;
  let hops = 0;
  let missing = false;
  while (pending.length) {
    const part = pending.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      real = dirname(real);
      continue;
    }
    const next = join(real, part);
    if (!missing) {
      const link = symlinkTarget(next);
      if (link === null) missing = true;
      else if (link !== undefined) {
        if (++hops > MAX_SYMLINK_HOPS) return undefined;
        const target = parse(link);
        if (target.root) real = resolve(target.root);
        pending.unshift(...link.slice(target.root.length).split(/[\\/]+/).filter(Boolean));
        continue;
      }
    }
    real = next;
  }
  return real;
}

/** The target of a symlink, undefined for anything else that exists, null when nothing is there. */
function symlinkTarget(path: string): string | undefined | null {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return null;
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
export function resolveToolPath(input: string, fence: PathFence): Result<string, ToolError> {
  const checked = checkToolPath(input, fence);
  return checked.ok ? okResult(checked.value.abs) : checked;
}

/** A model-given path, checked: the lexical path, its real path, and the fence root it lies in (when restricted). */
export interface CheckedPath {
  abs: string;
  real: string;
  /** The real workspace (or extra root) containing `real`; undefined when the fence is off. */
  root?: string;
}

/** Like resolveToolPath, also returning the real path and the root it was found inside. */
export function checkToolPath(input: string, fence: PathFence): Result<CheckedPath, ToolError> {
  const abs = resolve(fence.workspace, expandTilde(input.trim()));
  const real = realPathLoose(abs);
  if (real === undefined) return errResult(toolError('invalid_args', `Error: Path ${input} goes through too many symbolic links (more than ${MAX_SYMLINK_HOPS}).`));
  if (!fence.restrict) return okResult({ abs, real });
  for (const r of [fence.workspace, ...(fence.extraRoots ?? [])]) {
    const root = realPathLoose(resolve(r));
    if (root !== undefined && isInside(root, real)) return okResult({ abs, real, root });
  }
  return errResult(toolError('refused', outsideWorkspaceError(input, fence.workspace)));
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
