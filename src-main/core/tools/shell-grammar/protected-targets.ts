// What a command may not write or name under a rule: the files that steer the agent (prompt files, skills/,
// memory/) and git's own files (a hook or a config value such as core.fsmonitor runs code).
import { basename, relative, resolve, sep } from 'node:path';
import { AGENT_FOLDERS, promptFileAt } from '../../fence/prompt-files';
import { isInside, realPathLoose } from '../../fence/path-guard';
import type { SimpleCommand } from './shell-script';
import { uncovered, type Uncovered } from './uncovered';

/** One spelling for comparing a path part: lower case (case-insensitive file systems), trailing dots and spaces dropped. */
function canonicalPart(part: string): string {
  return part.replace(/[. ]+$/, '').toLowerCase();
}

/** True when a word names something inside a `.git` folder (`.git`, `.git/hooks/x`, `sub/.GIT/config`, `--x=.git/config`). */
export function namesGitInternals(word: string): boolean {
  const value = /^--?[A-Za-z][\w-]*=/.test(word) ? word.slice(word.indexOf('=') + 1) : word;
  return value.split(/[\\/]/).some((part) => canonicalPart(part) === '.git');
}

/** The first word of argv that names git's own files, as the reason no rule covers the command. */
export function gitInternalsWord(argv: readonly string[]): Uncovered | undefined {
  const word = argv.find(namesGitInternals);
  return word === undefined ? undefined : uncovered('git_internals', word);
}

/**
 * Why no rule covers a write to `abs` (inside the workspace, `real` its real path): `prompt_file` for the files
 * that steer the agent, `git_internals` for `.git/…`, else `writes_file` (an exact rule may cover it).
 */
export function writeTargetProblem(workspace: string, abs: string, real: string, shown: string): Uncovered {
  const parts = relative(workspace, real).split(sep).filter(Boolean);
  if (parts.some((p) => canonicalPart(p) === '.git')) return uncovered('git_internals', shown);
  const inAgentFolder = parts.length > 0 && AGENT_FOLDERS.includes(canonicalPart(parts[0]!));
  if (inAgentFolder || promptFileAt(workspace, abs)) return uncovered('prompt_file', shown);
  return uncovered('writes_file', shown);
}

/** Programs whose path arguments are files they create, change, move or remove. */
const FILE_WRITERS = new Set(['tee', 'cp', 'mv', 'ln', 'link', 'install', 'touch', 'truncate', 'rm', 'unlink', 'rmdir', 'mkdir', 'rsync', 'chmod', 'shred']);
/** git subcommands that rewrite the working-tree paths they are given. */
const GIT_PATH_WRITERS = new Set(['checkout', 'restore', 'rm', 'mv']);

function writesItsArguments(argv: readonly string[]): boolean {
  const program = basename(argv[0] ?? '');
  if (FILE_WRITERS.has(program)) return true;
  return program === 'git' && GIT_PATH_WRITERS.has(argv.find((a, i) => i > 0 && !a.startsWith('-')) ?? '');
}

/** The words that may name what is written: for `cp` its target (sources are only read), else every argument. */
function writtenWords(argv: readonly string[]): readonly string[] {
  const args = argv.slice(1);
  if (basename(argv[0] ?? '') !== 'cp') return args;
  const target = args.findIndex((a) => a === '-t' || a === '--target-directory');
  if (target >= 0) return args.slice(target + 1, target + 2);
  const named = args.find((a) => a.startsWith('--target-directory='));
  return named ? [named] : args.filter((a) => !a.startsWith('-')).slice(-1);
}

/**
 * A command that writes its path arguments (`cp x AGENTS.md`, `tee -a memory/MEMORY.md`, `mv skills old`,
 * `git checkout -- SOUL.md`) and names a file that steers the agent: the reason no rule covers it.
 */
export function writerArgumentProblem(command: SimpleCommand, cwd: string, workspace: string): Uncovered | undefined {
  if (!writesItsArguments(command.argv)) return undefined;
  const root = realPathLoose(workspace);
  if (root === undefined) return undefined;
  for (const word of writtenWords(command.argv)) {
    const path = /^--?[A-Za-z][\w-]*=/.test(word) ? word.slice(word.indexOf('=') + 1) : word;
    if (path === '' || path.startsWith('-')) continue;
    const abs = resolve(cwd, path);
    const real = realPathLoose(abs) ?? abs;
    if (!isInside(root, real) || real === root) continue;
    const problem = writeTargetProblem(root, abs, real, word);
    if (problem.code !== 'writes_file') return problem;
  }
  return undefined;
}
