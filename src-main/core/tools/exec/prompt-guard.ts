// The files that steer the agent before and after a command: a change a command made to one of them (where no OS
// sandbox kept it read-only, or a file that did not exist yet) is undone, and its text is handed back to become a
// pending change the user reviews. A command's write is never a reviewed diff.
import { lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write';
import { errorMessage } from '../../lib/result';
import { PROMPT_FILES } from '../../fence/prompt-files';
import { insideItsFolder, insideWorkspace } from '../../fence/prompt-text';
import { SKILL_FILE_NAME } from '../../fence/workspace-files';
import { resolveWorkspaceMarkdown } from '../../fence/workspace-path';

/** What the prompt reads from each steering file (workspace-relative path → text), and the skill folders there. */
export interface PromptSnapshot {
  texts: ReadonlyMap<string, string>;
  skillFolders: ReadonlySet<string>;
}

/** One steering file a command changed: its text before and after (undefined: it was not there / is gone). */
export interface PromptChange {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

function listSkillFolders(workspace: string): string[] {
  try {
    return readdirSync(join(workspace, 'skills')).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

function readIf(abs: string, accept: (abs: string) => boolean): string | undefined {
  try {
    return accept(abs) ? readFileSync(abs, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** Reads every steering file the way the prompt does (confined, links out ignored). `workspace` is a real path. */
export function snapshotPrompt(workspace: string): PromptSnapshot {
  const confined = insideWorkspace(workspace);
  const texts = new Map<string, string>();
  for (const rel of PROMPT_FILES) {
    const text = readIf(join(workspace, ...rel.split('/')), confined);
    if (text !== undefined) texts.set(rel, text);
  }
  const skillFolders = listSkillFolders(workspace);
  for (const name of skillFolders) {
    const rel = `skills/${name}/${SKILL_FILE_NAME}`;
    const text = readIf(join(workspace, 'skills', name, SKILL_FILE_NAME), insideItsFolder);
    if (text !== undefined) texts.set(rel, text);
  }
  return { texts, skillFolders: new Set(skillFolders) };
}

/** The steering files whose text differs between two snapshots, in a stable order. */
export function promptChanges(before: PromptSnapshot, after: PromptSnapshot): PromptChange[] {
  const paths = [...new Set([...before.texts.keys(), ...after.texts.keys()])].sort();
  return paths
    .map((path) => ({ path, before: before.texts.get(path), after: after.texts.get(path) }))
    .filter((c) => c.before !== c.after);
}

function isLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Puts a steering file back as it was before the command: the old text written again (also over a link that
 * replaced it), or — for a file that was not there — the new entry removed: a new link to a skill folder, a link,
 * or the new file itself (its text survives in the pending change). Returns why it could not, or undefined.
 */
export function undoPromptChange(workspace: string, before: PromptSnapshot, change: PromptChange): string | undefined {
  const parts = change.path.split('/');
  const abs = join(workspace, ...parts);
  try {
    if (change.before !== undefined) {
      const resolved = resolveWorkspaceMarkdown(workspace, change.path);
      if (!resolved.ok) return resolved.error.message;
      writeFileAtomic(resolved.value.abs, change.before);
      return undefined;
    }
    const folder = parts[0] === 'skills' ? join(workspace, 'skills', parts[1]!) : undefined;
    if (folder && !before.skillFolders.has(parts[1]!) && isLink(folder)) unlinkSync(folder);
    else unlinkSync(abs);
    return undefined;
  } catch (err) {
    return `could not undo the change to ${change.path}: ${errorMessage(err)}`;
  }
}
