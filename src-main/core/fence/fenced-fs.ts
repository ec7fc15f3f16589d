// Reads, writes and lists files inside the fence so that a path component swapped after the check cannot
// redirect the call. On Linux every folder from the fence root down is opened with O_NOFOLLOW relative to
// the one above it (through /proc/self/fd/N/, Node's stand-in for openat), so a folder replaced by a
// symlink fails the open instead of leading out. Elsewhere: O_NOFOLLOW on the last component, then the
// path is checked again and compared (dev+ino) with what was opened; a short window remains there.
import { closeSync, constants, existsSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, type Dirent, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, parse, relative, sep } from 'node:path';
import { writeAll, writeFileAtomic } from '../lib/atomic-write';
import { WriteFailure, writeFailureOf, type WriteFailureCode } from '../lib/write-failure';
import { errResult, okResult, type Result } from '../lib/result';
import { checkToolPath, realPathLoose, type CheckedPath, type PathFence } from './path-guard';
import { isProtectedInode, isProtectedPath, protectedFileError } from './protected-files';
import { codeRunningError } from './code-running-paths';
import { writesCodeRunning } from './code-running-scan';
import { assertNever } from '../lib/assert-never';
import { toolError, type ToolError } from '../lib/tool-error';

export type FencedFsCode = 'refused' | 'protected' | 'not_found' | 'is_directory' | 'not_a_file' | 'not_a_folder' | 'changed' | WriteFailureCode;
/** Why a fenced file operation did not happen; `message` is model-facing. */
export interface FencedFsError {
  code: FencedFsCode;
  message: string;
}

/** The tool error a fenced file operation's failure is for the model (a file tool that has no better words). */
export function toolErrorOf(error: FencedFsError): ToolError {
  switch (error.code) {
    case 'refused':
    case 'protected':
    case 'changed':
      return toolError('refused', error.message);
    case 'not_found':
      return toolError('not_found', error.message);
    case 'is_directory':
    case 'not_a_file':
    case 'not_a_folder':
      return toolError('invalid_args', error.message);
    case 'disk_full':
    case 'read_only':
    case 'permission':
    case 'failed':
      return toolError('failed', error.message);
    default:
      return assertNever(error.code);
  }
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const DIR_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NOFOLLOW;
/** True where a folder can be reached race-free through its descriptor. */
export const FD_RELATIVE = process.platform === 'linux' && existsSync('/proc/self/fd');

const at = (fd: number, name: string): string => `/proc/self/fd/${fd}/${name}`;
const fail = (code: FencedFsCode, message: string): Result<never, FencedFsError> => errResult({ code, message });

function changed(input: string): Result<never, FencedFsError> {
  return fail('changed', `Error: ${input} changed while it was being checked (a folder or the file was replaced by a link); nothing was done.`);
}

/** The checked path, refusing protected files by name before anything is opened. */
function check(input: string, fence: PathFence): Result<CheckedPath, FencedFsError> {
  const checked = checkToolPath(input, fence);
  if (!checked.ok) return fail('refused', checked.error.message);
  if (isProtectedPath(checked.value.real)) return fail('protected', protectedFileError(input, checked.value.real));
  return checked;
}

/**
 * Why a write to `input` is refused before anyone is asked (outside the fence, one of Nanotray's files, or a file
 * that runs as code later), else undefined: the approval gate asks no one about a write that cannot happen.
 */
export function writeRefusal(input: string, fence: PathFence): ToolError | undefined {
  const checked = check(input, fence);
  if (!checked.ok) return toolErrorOf(checked.error);
  const { abs, real } = checked.value;
  return writesCodeRunning(abs, real, fence.workspace) ? toolError('refused', codeRunningError(input)) : undefined;
}

/** Opens `root` (a real folder) and makes sure the descriptor is that folder, not what a swap put there. */
function openRoot(root: string, input: string): Result<number, FencedFsError> {
  let fd: number;
  try {
    fd = openSync(root, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  } catch {
    return fail('not_found', `Error: Not found: ${input}`);
  }
  if (readlinkSync(`/proc/self/fd/${fd}`) !== root) {
    closeSync(fd);
    return changed(input);
  }
  return okResult(fd);
}

/** Walks `parts` down from folder `fd` (which stays open), each with O_NOFOLLOW; creates missing ones when asked. */
function walk(fd: number, parts: string[], input: string, create: boolean): Result<number, FencedFsError> {
  let cur = fd;
  for (const part of parts) {
    let next: number;
    try {
      if (create && !existsSync(at(cur, part))) mkdirSync(at(cur, part));
      next = openSync(at(cur, part), DIR_FLAGS);
    } catch (err) {
      if (cur !== fd) closeSync(cur);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return changed(input);
      if (code === 'ENOTDIR') return fail('not_a_folder', `Error: ${input}: a part of the path is a file, not a folder.`);
      return fail('not_found', `Error: Not found: ${input}`);
    }
    if (cur !== fd) closeSync(cur);
    cur = next;
  }
  return okResult(cur);
}

function partsOf(from: string, to: string): string[] {
  return relative(from, to).split(sep).filter(Boolean);
}

/** The descriptor of `real`'s folder (or of `real` itself with `self`), reached race-free from the fence root. */
function openFolder(checked: CheckedPath, input: string, options: { self: boolean; create: boolean }): Result<number, FencedFsError> {
  const root = checked.root ?? parse(checked.real).root;
  const target = options.self ? checked.real : dirname(checked.real);
  const rootFd = openRoot(root, input);
  if (!rootFd.ok) return rootFd;
  const folder = walk(rootFd.value, partsOf(root, target), input, options.create);
  if (!folder.ok || folder.value !== rootFd.value) closeSync(rootFd.value);
  return folder;
}

export interface OpenedFile {
  handle: FileHandle;
  stat: Stats;
  /** The lexical path (what messages show). */
  abs: string;
}

/** Opens a regular file for reading; directories, FIFOs, devices and protected files are refused. */
export async function openFencedFile(input: string, fence: PathFence): Promise<Result<OpenedFile, FencedFsError>> {
  const checked = check(input, fence);
  if (!checked.ok) return checked;
  const { abs, real } = checked.value;
  let handle: FileHandle;
  if (FD_RELATIVE && real !== (checked.value.root ?? parse(real).root)) {
    const folder = openFolder(checked.value, input, { self: false, create: false });
    if (!folder.ok) return folder;
    try {
      handle = await open(at(folder.value, basename(real)), constants.O_RDONLY | NOFOLLOW | NONBLOCK);
    } catch (err) {
      return openError(err, input);
    } finally {
      closeSync(folder.value);
    }
  } else {
    try {
      handle = await open(real, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
    } catch (err) {
      return openError(err, input);
    }
  }
  const stat = await handle.stat();
  const refusal = FD_RELATIVE ? undefined : recheck(abs, real, stat, input);
  const problem = refusal ?? fileProblem(stat, input);
  if (problem) {
    await handle.close();
    return problem;
  }
  return okResult({ handle, stat, abs });
}

function openError(err: unknown, input: string): Result<never, FencedFsError> {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return changed(input);
  if (code === 'EISDIR') return fail('is_directory', `Error: ${input} is a directory.`);
  return fail('not_found', `Error: File not found: ${input}`);
}

/** Without descriptor-relative paths: the path must still lead to the very file that was opened. */
function recheck(abs: string, real: string, st: Stats, input: string): Result<never, FencedFsError> | undefined {
  if (realPathLoose(abs) !== real) return changed(input);
  try {
    const now = statSync(real);
    if (now.dev !== st.dev || now.ino !== st.ino) return changed(input);
  } catch {
    return changed(input);
  }
  return undefined;
}

function fileProblem(st: Stats, input: string): Result<never, FencedFsError> | undefined {
  if (isProtectedInode(st)) return fail('protected', protectedFileError(input));
  if (st.isDirectory()) return fail('is_directory', `Error: ${input} is a directory.`);
  if (!st.isFile()) return fail('not_a_file', `Error: ${input} is not a regular file (a pipe, socket or device); file tools only read files.`);
  return undefined;
}

/**
 * Writes `content` to the checked path atomically: a temp file created (O_EXCL, O_NOFOLLOW) in the very
 * folder that was checked, then renamed over the target, keeping the old file's mode. A symlink at the
 * target is written through to its (checked) target. Missing parent folders are created. Returns the
 * lexical path; a save that fails (a full disk, a read-only or unwritable folder) is a `disk_full` /
 * `read_only` / `permission` / `failed` error that leaves the original file as it was and no temp file.
 */
export function writeFencedFile(input: string, fence: PathFence, content: string): Result<string, FencedFsError> {
  const checked = check(input, fence);
  if (!checked.ok) return checked;
  const { abs, real } = checked.value;
  // in every mode and whatever the fence: git hooks, editor tasks, shell rc files and the like run as code later
  if (writesCodeRunning(abs, real, fence.workspace)) return fail('protected', codeRunningError(input));
  if (!FD_RELATIVE) return writeByPath(abs, real, content, input);
  let folder: Result<number, FencedFsError>;
  try {
    folder = openFolder(checked.value, input, { self: false, create: true });
  } catch (err) {
    return writeFailed(writeFailureOf(err, abs)); // a missing parent folder could not be made
  }
  if (!folder.ok) return folder;
  const dir = folder.value;
  const name = basename(real);
  try {
    let mode: number | undefined;
    try {
      const st = lstatSync(at(dir, name));
      if (st.isSymbolicLink()) return changed(input);
      if (st.isDirectory()) return fail('is_directory', `Error: ${input} is a directory; give a file path.`);
      if (isProtectedInode(st)) return fail('protected', protectedFileError(input));
      mode = st.mode & 0o7777;
    } catch {
      // a new file
    }
    const tmp = at(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, mode ?? 0o666);
      try {
        writeAll(fd, Buffer.from(content, 'utf8'));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, at(dir, name));
    } catch (err) {
      rmSync(tmp, { force: true });
      return writeFailed(writeFailureOf(err, abs));
    }
    return okResult(abs);
  } finally {
    closeSync(dir);
  }
}

/** A save that did not happen (the original is untouched), as a fenced-fs failure. */
function writeFailed(failure: WriteFailure): Result<never, FencedFsError> {
  return fail(failure.code, failure.message);
}

/** The portable fallback: atomic write by path, then the path must still resolve where it did. */
function writeByPath(abs: string, real: string, content: string, input: string): Result<string, FencedFsError> {
  try {
    const st = lstatSync(real);
    if (st.isDirectory()) return fail('is_directory', `Error: ${input} is a directory; give a file path.`);
    if (isProtectedInode(st)) return fail('protected', protectedFileError(input));
  } catch {
    // a new file
  }
  let mode: number | undefined;
  try {
    mode = statSync(real).mode & 0o7777;
  } catch {
    mode = undefined;
  }
  try {
    writeFileAtomic(real, content, mode);
  } catch (err) {
    return writeFailed(err instanceof WriteFailure ? err : writeFailureOf(err, abs));
  }
  return realPathLoose(abs) === real ? okResult(abs) : changed(input);
}

/** A folder opened inside the fence; `list(parts)` reads it or a subfolder, never following a symlink. */
export interface OpenedFolder {
  abs: string;
  /** Its real path (where the entries listed really are). */
  real: string;
  list(parts: string[]): Dirent[] | undefined;
  close(): void;
}

/** Opens a folder for listing (the fence root, the checked path and every subfolder are reached race-free). */
export function openFencedFolder(input: string, fence: PathFence): Result<OpenedFolder, FencedFsError> {
  const checked = check(input, fence);
  if (!checked.ok) return checked;
  const { abs, real } = checked.value;
  if (!FD_RELATIVE) {
    try {
      if (!statSync(real).isDirectory()) return fail('not_a_folder', `Error: Not a directory: ${input}`);
    } catch {
      return fail('not_found', `Error: Directory not found: ${input}`);
    }
    return okResult({ abs, real, list: (parts) => readdirQuiet(join(real, ...parts)), close: () => undefined });
  }
  const folder = openFolder(checked.value, input, { self: true, create: false });
  if (!folder.ok) return folder.error.code === 'not_a_folder' ? fail('not_a_folder', `Error: Not a directory: ${input}`) : folder;
  const fd = folder.value;
  if (!fstatSync(fd).isDirectory()) {
    closeSync(fd);
    return fail('not_a_folder', `Error: Not a directory: ${input}`);
  }
  return okResult({
    abs,
    real,
    list(parts) {
      const sub = walk(fd, parts, input, false);
      if (!sub.ok) return undefined;
      try {
        return readdirQuiet(`/proc/self/fd/${sub.value}`);
      } finally {
        if (sub.value !== fd) closeSync(sub.value);
      }
    },
    close: () => closeSync(fd),
  });
}

function readdirQuiet(path: string): Dirent[] | undefined {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return undefined;
  }
}
