// Resolves a workspace-relative markdown path safely: no absolute paths, no `..`, no symlink leading out.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { failure, type ServiceError } from '../lib/core-error';
import { okResult, type Result } from '../lib/result';

/** Why a workspace path is refused (always `refused`: the editor and the agent only reach workspace .md files). */
export type WorkspacePathError = ServiceError<'refused'>;

/** True when `child` is `root` or lies inside it (both already absolute and normalised). */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The normalised forward-slash form of a relative path (`./a//b.md` → `a/b.md`), or an error. */
export function normalizeRelative(path: string): Result<string, WorkspacePathError> {
  const raw = path.trim().replace(/\\/g, '/');
  if (!raw) return failure('refused', 'Error: the path is empty');
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw) || isAbsolute(path)) {
    return failure('refused', `Error: '${path}' must be relative to the workspace`);
  }
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return failure('refused', `Error: '${path}' may not contain '..'`);
  if (parts.some((p) => p.includes('\0'))) return failure('refused', `Error: '${path}' contains a NUL byte`);
  if (!parts.length) return failure('refused', 'Error: the path is empty');
  const rel = parts.join('/');
  if (!rel.toLowerCase().endsWith('.md')) return failure('refused', `Error: '${path}' is not a markdown (.md) file`);
  return okResult(rel);
}

/**
 * The absolute path of workspace-relative markdown file `path`, refusing anything that could leave the
 * workspace: absolute paths, `..`, and symlinks (of the file or any parent folder) pointing outside.
 * `workspace` must be a real path. The file itself need not exist.
 */
export function resolveWorkspaceMarkdown(workspace: string, path: string): Result<{ rel: string; abs: string }, WorkspacePathError> {
  const rel = normalizeRelative(path);
  if (!rel.ok) return rel;
  const abs = join(workspace, ...rel.value.split('/'));
  // Walk up to the deepest existing ancestor and check its real path.
  let probe = abs;
  while (!existsSync(probe) && !isSymlink(probe)) {
    const parent = dirname(probe);
    if (parent === probe) break;
    probe = parent;
  }
  let real: string;
  try {
    real = realpathSync(probe);
  } catch {
    return failure('refused', `Error: '${path}' points outside the workspace`); // a dangling symlink
  }
  if (!isInside(workspace, real)) return failure('refused', `Error: '${path}' points outside the workspace`);
  return okResult({ rel: rel.value, abs });
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Workspace-relative forward-slash path of an absolute path inside the workspace, else undefined. */
export function toWorkspaceRelative(workspace: string, abs: string): string | undefined {
  if (!isInside(workspace, abs)) return undefined;
  const rel = relative(workspace, abs);
  return rel ? rel.split(sep).join('/') : undefined;
}
