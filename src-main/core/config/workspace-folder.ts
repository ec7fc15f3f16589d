// Makes sure the workspace can be one before anything is made in it: never under /proc, /sys or /dev (where
// `mkdir -p` can loop for ever), never a file; a folder that cannot be made says which and why.
import { lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { join, parse, resolve, sep } from 'node:path';
import { failure, type CoreError } from '../lib/core-error';
import { okResult, type Result } from '../lib/result';
import { systemCode, writeFailureWords } from '../lib/write-failure';

/** Why a path cannot be the workspace: a kernel folder, a file in the way, or a folder that could not be made. */
export type WorkspaceProblemCode = 'system_folder' | 'not_a_folder' | 'cannot_create';
export type WorkspaceProblem = CoreError<WorkspaceProblemCode>;

/** Folders the kernel makes up: nothing there is a place for the user's files. */
const SYSTEM_FOLDERS = process.platform === 'win32' ? [] : ['/proc', '/sys', '/dev'];

function systemFolderOf(path: string): string | undefined {
  return SYSTEM_FOLDERS.find((root) => path === root || path.startsWith(`${root}/`));
}

const SET_IT = 'Set agent.workspace in config.json to a folder of your own (e.g. ~/nanotray-workspace), or remove it for the default.';

function underSystem(dir: string, where: string, root: string): Result<never, WorkspaceProblem> {
  return failure('system_folder', `The workspace ${dir} is ${where} ${root}, a folder the kernel makes up, not a place for files. ${SET_IT}`);
}

/** The folder's prefixes from the root down: /a, /a/b, /a/b/c. */
function prefixes(dir: string): string[] {
  const { root } = parse(dir);
  const out: string[] = [];
  let current = root;
  for (const part of dir.slice(root.length).split(sep).filter(Boolean)) {
    current = join(current, part);
    out.push(current);
  }
  return out;
}

/**
 * Checks `dir` (absolute) and makes its missing folders one level at a time (never Node's recursive mkdir);
 * returns its real path, or a problem whose message names the folder, why, and what to do.
 */
export function prepareWorkspaceFolder(dir: string): Result<string, WorkspaceProblem> {
  const abs = resolve(dir);
  const lexical = systemFolderOf(abs);
  if (lexical) return underSystem(abs, 'under', lexical);
  for (const prefix of prefixes(abs)) {
    let isFolder: boolean;
    try {
      lstatSync(prefix);
      isFolder = statSync(prefix).isDirectory(); // follows a link to see what it leads to
    } catch (err) {
      if (systemCode(err) !== 'ENOENT') return cannotCreate(abs, prefix, err);
      try {
        mkdirSync(prefix);
      } catch (made) {
        return cannotCreate(abs, prefix, made);
      }
      continue;
    }
    if (!isFolder) {
      const what = prefix === abs ? 'is a file, not a folder' : `cannot be made: ${prefix} is a file, not a folder`;
      return failure('not_a_folder', `The workspace ${abs} ${what}. ${SET_IT}`);
    }
    // A link (at any level) into a kernel folder is refused like the path itself.
    const real = realpathSync(prefix);
    const linked = systemFolderOf(real);
    if (linked) return underSystem(abs, `a link into ${real}, under`, linked);
  }
  return okResult(realpathSync(abs));
}

function cannotCreate(abs: string, prefix: string, err: unknown): Result<never, WorkspaceProblem> {
  const words = writeFailureWords(err, prefix);
  return failure('cannot_create', `The workspace ${abs} cannot be made: ${words.what}. ${SET_IT}`);
}
