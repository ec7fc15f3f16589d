// exec and the files that run as code later (code-running-paths.ts): the sandbox keeps the existing ones read-only;
// what a command created (a new .envrc, a new repository's hooks) or changed where nothing was bound (no sandbox) is
// found by comparing the workspace before and after the command, and undone.
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write';
import { scanCodeRunning } from '../../fence/code-running-scan';
import { realPathLoose } from '../../fence/path-guard';

/** A file's content is kept up to this size to put it back; a larger one is compared by identity only. */
const MAX_KEPT_BYTES = 256 * 1024;
const MAX_NODES = 5_000;
/** In a submodule's git folder (.git/modules/x) only its config and hooks matter, not its objects. */
const NOT_SNAPSHOT: ReadonlySet<string> = new Set(['objects', 'lfs', 'logs', 'refs']);

type Node =
  | { kind: 'dir'; mode: number }
  | { kind: 'file'; mode: number; content?: Buffer; identity: string }
  | { kind: 'link'; target: string }
  | { kind: 'other' };

export interface CodeSnapshot {
  nodes: Map<string, Node>;
}

function nodeAt(path: string): Node | undefined {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return undefined;
  }
  if (st.isSymbolicLink()) return { kind: 'link', target: readlinkSync(path) };
  if (st.isDirectory()) return { kind: 'dir', mode: st.mode & 0o7777 };
  if (!st.isFile()) return { kind: 'other' };
  const identity = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  if (st.size > MAX_KEPT_BYTES) return { kind: 'file', mode: st.mode & 0o7777, identity };
  try {
    return { kind: 'file', mode: st.mode & 0o7777, content: readFileSync(path), identity };
  } catch {
    return { kind: 'file', mode: st.mode & 0o7777, identity };
  }
}

/** Every code-running entry of `workspace` and what is in it (never through a link). */
export function snapshotCodeRunning(workspace: string): CodeSnapshot {
  const scan = scanCodeRunning(workspace);
  const nodes = new Map<string, Node>();
  const pending = [...scan.entries, ...scan.hooksPaths, ...scan.gitDirs.flatMap((g) => [join(g, 'hooks'), join(g, 'config')])];
  while (pending.length > 0 && nodes.size < MAX_NODES) {
    const path = pending.shift()!;
    if (nodes.has(path)) continue;
    const node = nodeAt(path);
    if (!node) continue;
    nodes.set(path, node);
    if (node.kind !== 'dir') continue;
    try {
      for (const name of readdirSync(path)) if (!NOT_SNAPSHOT.has(name)) pending.push(join(path, name));
    } catch {
      // unreadable: compared as a folder only
    }
  }
  return { nodes };
}

function isEmptyFolder(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

function same(a: Node, b: Node): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  if (a.kind === 'file' && b.kind === 'file') {
    if (a.mode !== b.mode) return false;
    return a.content && b.content ? a.content.equals(b.content) : a.identity === b.identity;
  }
  return true;
}

/** True when `path`'s folder is where its name says (no link on the way): nothing restored lands elsewhere. */
function folderIsReal(path: string, workspace: string): boolean {
  const dir = dirname(path);
  return realPathLoose(dir) === dir && (dir === workspace || dir.startsWith(workspace + sep));
}

function putBack(path: string, node: Node, workspace: string): string | undefined {
  if (!folderIsReal(path, workspace)) return 'could not be put back (a folder on its way was replaced by a link)';
  rmSync(path, { recursive: true, force: true });
  switch (node.kind) {
    case 'dir':
      mkdirSync(path, { mode: node.mode });
      return undefined;
    case 'file':
      if (!node.content) return 'was removed; it was too large to keep a copy of, so it could not be put back';
      writeFileAtomic(path, node.content, node.mode);
      return undefined;
    case 'link':
      symlinkSync(node.target, path);
      return undefined;
    case 'other':
      return 'could not be put back (not a regular file)';
  }
}

/**
 * Compares the workspace's code-running files with `before`: removes what the command created, puts back what it
 * changed or removed. Returns the note for the model ('' when nothing changed).
 */
export function settleCodeRunning(before: CodeSnapshot, workspace: string): string {
  const after = snapshotCodeRunning(workspace);
  const lines: string[] = [];
  const rel = (p: string): string => relative(workspace, p).split(sep).join('/');
  const shallowFirst = (a: string, b: string): number => a.split(sep).length - b.split(sep).length;
  const removed: string[] = [];
  for (const path of [...after.nodes.keys()].sort(shallowFirst)) {
    if (before.nodes.has(path) || removed.some((r) => path.startsWith(r + sep))) continue;
    // an empty folder runs nothing (the sandbox makes a repository's missing .git/hooks itself, to bind it)
    if (after.nodes.get(path)!.kind === 'dir' && isEmptyFolder(path)) continue;
    if (!folderIsReal(path, workspace)) {
      lines.push(`- ${rel(path)}: created by the command; left alone (a folder on its way is a link)`);
      continue;
    }
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
      lines.push(`- ${rel(path)}: created by the command; removed`);
    } catch (err) {
      lines.push(`- ${rel(path)}: created by the command; could not be removed (${(err as Error).message})`);
    }
  }
  for (const path of [...before.nodes.keys()].sort(shallowFirst)) {
    const was = before.nodes.get(path)!;
    const now = after.nodes.get(path);
    if (now && same(was, now)) continue;
    try {
      const failed = putBack(path, was, workspace);
      lines.push(`- ${rel(path)}: ${failed ?? (now ? 'changed by the command; put back' : 'removed by the command; put back')}`);
    } catch (err) {
      lines.push(`- ${rel(path)}: changed by the command; could not be put back (${(err as Error).message})`);
    }
  }
  if (lines.length === 0) return '';
  return [
    '',
    '',
    'Note: this command wrote files that run as code when the user next works in this folder (git hooks and config, ' +
      'editor tasks, shell start-up files, .envrc, package-manager rc files, python .pth files). No command may change ' +
      'them, so the changes were undone:',
    ...lines,
    'The user changes these files in their own editor: tell the user what you would change.',
  ].join('\n');
}
