// Two-way merge for the memory editor's conflict view: the file on disk ("theirs") against the
// editor's text ("yours"), split into hunks the user resolves one by one. Nothing is dropped by default.
import { diffLines } from 'diff';

export type HunkChoice = 'yours' | 'theirs' | 'both';

export type MergePart =
  | { kind: 'same'; text: string }
  | { kind: 'hunk'; index: number; theirs: string; yours: string; defaultChoice: HunkChoice };

/**
 * The side to keep by default. With the text both started from (`base`), a hunk where only one side
 * changed keeps that side; otherwise one-sided hunks keep the side with text and two-sided ones keep both.
 */
function defaultFor(theirs: string, yours: string, base: string | undefined): HunkChoice {
  if (!theirs) return 'yours';
  if (!yours) return 'theirs';
  if (base !== undefined) {
    const yoursIsOld = base.includes(yours);
    const theirsIsOld = base.includes(theirs);
    if (yoursIsOld && !theirsIsOld) return 'theirs';
    if (theirsIsOld && !yoursIsOld) return 'yours';
  }
  return 'both';
}

/** Splits the two texts into shared runs and differing hunks (a hunk = adjacent removed+added lines). */
export function buildMergeParts(theirs: string, yours: string, base?: string): MergePart[] {
  const parts: MergePart[] = [];
  let pendingTheirs = '';
  let pendingYours = '';
  let index = 0;
  const flush = () => {
    if (!pendingTheirs && !pendingYours) return;
    const defaultChoice = defaultFor(pendingTheirs, pendingYours, base);
    parts.push({ kind: 'hunk', index: index++, theirs: pendingTheirs, yours: pendingYours, defaultChoice });
    pendingTheirs = '';
    pendingYours = '';
  };
  for (const change of diffLines(theirs, yours)) {
    if (change.removed) pendingTheirs += change.value;
    else if (change.added) pendingYours += change.value;
    else {
      flush();
      parts.push({ kind: 'same', text: change.value });
    }
  }
  flush();
  return parts;
}

function withNewline(text: string): string {
  return text && !text.endsWith('\n') ? `${text}\n` : text;
}

/** The merged text for the given choices (missing choices use each hunk's default). */
export function applyMergeChoices(parts: readonly MergePart[], choices: Readonly<Record<number, HunkChoice>>): string {
  let out = '';
  for (const part of parts) {
    if (part.kind === 'same') {
      out += part.text;
      continue;
    }
    const choice = choices[part.index] ?? part.defaultChoice;
    if (choice === 'theirs') out += part.theirs;
    else if (choice === 'yours') out += part.yours;
    else out += part.theirs && part.yours ? withNewline(part.theirs) + part.yours : part.theirs + part.yours;
  }
  return out;
}

export function hunkCount(parts: readonly MergePart[]): number {
  return parts.filter((p) => p.kind === 'hunk').length;
}

export interface DiffLine {
  kind: 'add' | 'del' | 'same';
  text: string;
}

/** Line diff from `older` to `newer` for the history view. */
export function lineDiff(older: string, newer: string): DiffLine[] {
  const out: DiffLine[] = [];
  for (const change of diffLines(older, newer)) {
    const kind = change.added ? 'add' : change.removed ? 'del' : 'same';
    const lines = change.value.endsWith('\n') ? change.value.slice(0, -1).split('\n') : change.value.split('\n');
    for (const text of lines) out.push({ kind, text });
  }
  return out;
}
