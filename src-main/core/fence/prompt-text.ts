// Which files the prompt may read: a regular file inside its root (symlinks followed, none leading out), never one
// of Nanotray's own files (config.json, the database — also through a hard link). A link in the workspace to
// ~/.ssh/id_rsa or the home's config.json must not turn into system-prompt text.
import { statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { isInside, realPathLoose } from './path-guard';
import { isProtectedInode, isProtectedPath } from './protected-files';

/** What a check needs of a file's stat (links followed). */
type FileStat = Pick<Stats, 'dev' | 'ino' | 'isFile'>;

/**
 * True when `abs` is a regular file whose real path lies inside `root` (a real path) and is not a protected file.
 * `st`: the file's stat with links followed, when the caller just took it (else it is taken here).
 */
export function isConfinedFile(root: string, abs: string, st?: FileStat): boolean {
  const real = realPathLoose(abs);
  if (real === undefined || !isInside(root, real) || isProtectedPath(real)) return false;
  try {
    const file = st ?? statSync(real);
    return file.isFile() && !isProtectedInode(file);
  } catch {
    return false;
  }
}

/** A reader's rule for the prompt files of `workspace`: confined to the workspace's real path. */
export function insideWorkspace(workspace: string): (abs: string, st?: FileStat) => boolean {
  const root = realPathLoose(workspace);
  return (abs, st) => root !== undefined && isConfinedFile(root, abs, st);
}

/**
 * The rule for a SKILL.md: the skill's folder may be a link (skills kept elsewhere), but the file must lie in that
 * folder as it really is, and be none of Nanotray's own files.
 */
export function insideItsFolder(abs: string, st?: FileStat): boolean {
  const folder = realPathLoose(dirname(abs));
  return folder !== undefined && isConfinedFile(folder, abs, st);
}
