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

const CONTEXT_LINES = 3;

/** A diff line, or a fold standing for `count` unchanged lines. */
export type DiffRow = DiffLine | { kind: 'fold'; count: number };

/** The diff with every unchanged run longer than 2 × CONTEXT_LINES + 1 folded in the middle. */
export function foldDiff(lines: readonly DiffLine[]): DiffRow[] {
  const rows: DiffRow[] = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i]!.kind !== 'same') {
      rows.push(lines[i++]!);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.kind === 'same') end++;
    const run = lines.slice(i, end);
    const head = i === 0 ? 0 : CONTEXT_LINES;
    const tail = end === lines.length ? 0 : CONTEXT_LINES;
    if (run.length > head + tail + 1) {
      rows.push(...run.slice(0, head), { kind: 'fold', count: run.length - head - tail }, ...run.slice(run.length - tail));
    } else {
      rows.push(...run);
    }
    i = end;
  }
  return rows;
}
