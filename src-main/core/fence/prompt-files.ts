// Which workspace files steer the agent (the system prompt's files, the heartbeat's task list, skills): a change
// to one of them is a `memory` change. Found by name, by real path (symlinks) and by inode (hard links).
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { realPathLoose } from './path-guard';
import { BOOTSTRAP_FILES, HEARTBEAT_FILE, HISTORY_FILE, MEMORY_FILE, SKILL_FILE_NAME } from './workspace-files';

/**
 * The fixed prompt files, workspace-relative: AGENTS.md, SOUL.md, USER.md, TOOLS.md, IDENTITY.md and
 * memory/MEMORY.md are in every system prompt; HEARTBEAT.md is what the heartbeat does unattended. Each
 * skills/<name>/SKILL.md is one too (its description is in every prompt, an `always` skill's whole text).
 */
export const PROMPT_FILES: readonly string[] = [...BOOTSTRAP_FILES, MEMORY_FILE, HEARTBEAT_FILE];

/** Folders of the workspace that are Nanotray's: memory/ (MEMORY.md in every prompt, HISTORY.md) and skills/. */
export const AGENT_FOLDERS: readonly string[] = ['memory', 'skills'];

/**
 * The places in `workspace` (absolute, existing or not) that a command may read but never change: the prompt
 * files at the top level (AGENTS.md, …, HEARTBEAT.md) and the memory/ and skills/ folders.
 */
export function steeringPaths(workspace: string): string[] {
  const topLevel = PROMPT_FILES.filter((rel) => !rel.includes('/'));
  return [...topLevel, ...AGENT_FOLDERS].map((rel) => join(workspace, rel));
}

/**
 * One spelling for comparing names: lower case (case-insensitive file systems open `memory.md` for
 * MEMORY.md), Unicode NFC (macOS stores names decomposed), trailing dots and spaces of each part dropped
 * (Windows ignores them), `\` as `/`, empty and `.` parts removed.
 */
function canonical(rel: string): string[] {
  return rel
    .normalize('NFC')
    .replace(/\\/g, '/')
    .split('/')
    .map((part) => part.replace(/[. ]+$/, '').toLowerCase())
    .filter((part) => part !== '' && part !== '.');
}

/** The prompt file `rel` names (in its proper spelling), or undefined; `..` never matches. */
export function promptFileNamed(rel: string): string | undefined {
  const parts = canonical(rel);
  if (parts.includes('..')) return undefined;
  const key = parts.join('/');
  const fixed = PROMPT_FILES.find((name) => canonical(name).join('/') === key);
  if (fixed) return fixed;
  if (parts.length === 3 && parts[0] === 'skills' && parts[2] === SKILL_FILE_NAME.toLowerCase()) {
    return `skills/${rel.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.')[1]}/${SKILL_FILE_NAME}`;
  }
  return undefined;
}

/** True for memory/HISTORY.md (any spelling): append-only, and never part of the prompt. */
export function isHistoryFile(rel: string): boolean {
  return canonical(rel).join('/') === canonical(HISTORY_FILE).join('/');
}

function insideRel(root: string, abs: string): string | undefined {
  const rel = relative(root, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

function identity(abs: string): string | undefined {
  try {
    const st = statSync(abs);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** Every prompt file that exists now, absolute (the fixed ones and each skills/<name>/SKILL.md). */
function existingPromptFiles(workspace: string): Array<{ rel: string; abs: string }> {
  const files = PROMPT_FILES.map((rel) => ({ rel, abs: join(workspace, ...rel.split('/')) }));
  let skills: string[] = [];
  try {
    skills = readdirSync(join(workspace, 'skills'));
  } catch {
    // no skills folder
  }
  for (const name of skills) files.push({ rel: `skills/${name}/${SKILL_FILE_NAME}`, abs: join(workspace, 'skills', name, SKILL_FILE_NAME) });
  return files.filter((f) => identity(f.abs) !== undefined);
}

/** What writing a path would change: the prompt file, and the workspace-relative file actually written. */
export interface PromptFileTarget {
  /** The prompt file affected, in its proper spelling (`memory/MEMORY.md`). */
  promptFile: string;
  /** Workspace-relative path of the file the write lands in (symlinks followed), for a pending change. */
  target: string;
}

/**
 * The prompt file that writing `absPath` would change, or undefined when none. Matched by the path as given,
 * by where it really lands (a symlink `notes.md → AGENTS.md`, `./memory/../AGENTS.md`), and by inode
 * (a hard link to AGENTS.md). `workspace` is the workspace's real path.
 */
export function promptFileAt(workspace: string, absPath: string): PromptFileTarget | undefined {
  const lexical = insideRel(workspace, absPath);
  // Too many symlink hops: the fence refuses such a path anyway; judge it by its name only.
  const real = realPathLoose(absPath);
  const realRel = real === undefined ? undefined : insideRel(workspace, real);
  const target = realRel ?? lexical;
  for (const rel of [lexical, realRel]) {
    const named = rel === undefined ? undefined : promptFileNamed(rel);
    if (named && target) return { promptFile: named, target };
  }
  const id = identity(absPath);
  for (const file of existingPromptFiles(workspace)) {
    let fileReal: string;
    try {
      fileReal = realpathSync.native(file.abs);
    } catch {
      continue;
    }
    if (fileReal === real || (id !== undefined && identity(file.abs) === id)) return { promptFile: file.rel, target: target ?? file.rel };
  }
  return undefined;
}
