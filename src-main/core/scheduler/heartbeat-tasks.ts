// Reads the active tasks out of HEARTBEAT.md: only content lines under an H2 "Active Tasks…" heading count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { insideWorkspace } from '../fence/prompt-text';

/** HEARTBEAT.md of `workspace`, or undefined when missing or not a plain file inside the workspace. */
export function readHeartbeatFile(workspace: string): string | undefined {
  const file = join(workspace, 'HEARTBEAT.md');
  // a link leading out of the workspace (or to config.json), a pipe or a folder is no task list
  if (!insideWorkspace(workspace)(file)) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Removes HTML comments, one-line or spanning lines; an unterminated `<!--` hides the rest of the file. */
function stripComments(markdown: string): string {
  return markdown.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
/** A list marker or empty checkbox with nothing after it is as empty as a blank line. */
const EMPTY_ITEM = /^(?:[-*+]|\d+[.)])?\s*(?:\[[ xX]?\])?\s*$/;

/**
 * The counted lines of HEARTBEAT.md. A line counts when it sits under an H2 heading whose text starts with
 * "Active Tasks" (any case); H3 and deeper headings inside the section do not end it, an H1 or another H2
 * does. Blank lines, headings, empty list items and HTML comments never count.
 * An empty result means the heartbeat skips without calling the model.
 */
export function parseActiveTasks(markdown: string): string[] {
  const tasks: string[] = [];
  let inSection = false;
  let inFence = false;
  for (const rawLine of stripComments(markdown.replace(/\r\n?/g, '\n')).split('\n')) {
    const line = rawLine.trimEnd();
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) {
      const heading = HEADING.exec(line);
      if (heading) {
        const level = heading[1]!.length;
        if (level <= 2) {
          inSection = level === 2 && (heading[2] ?? '').trim().toLowerCase().startsWith('active tasks');
        }
        continue;
      }
    }
    if (!inSection) continue;
    const text = line.trim();
    if (!text || EMPTY_ITEM.test(text)) continue;
    tasks.push(text);
  }
  return tasks;
}

/** True when HEARTBEAT.md has at least one counted line (a run would call the model). */
export function hasActiveTasks(markdown: string | undefined): boolean {
  return markdown !== undefined && parseActiveTasks(markdown).length > 0;
}
