// The lines of a file most similar to a snippet that did not match, so edit_file can show what is there.
// (Not to be confused with commands/closest-name.ts, the "did you mean" for mistyped names.)

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const s = text.replace(/\s+/g, ' ');
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

/** Dice coefficient over character bigrams: 1 for equal texts, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const ga = bigrams(a);
  const gb = bigrams(b);
  let total = 0;
  let common = 0;
  for (const n of ga.values()) total += n;
  for (const [g, n] of gb) {
    total += n;
    common += Math.min(n, ga.get(g) ?? 0);
  }
  return total === 0 ? (a.trim() === b.trim() ? 1 : 0) : (2 * common) / total;
}

export interface ClosestLines {
  /** 1-based first line. */
  startLine: number;
  lines: string[];
  score: number;
}

/** The window of `needle`'s line count with the highest similarity (undefined for an empty file). */
export function findClosestLines(haystack: string, needle: string): ClosestLines | undefined {
  const lines = haystack.split(/\r?\n/);
  const size = Math.max(1, needle.split(/\r?\n/).length);
  let best: ClosestLines | undefined;
  const limit = Math.max(1, lines.length - size + 1);
  // Cap the work on huge files: every window is scored, but at most 5,000 of them.
  const step = Math.max(1, Math.floor(limit / 5000));
  for (let i = 0; i < limit; i += step) {
    const window = lines.slice(i, i + size);
    const score = similarity(window.join('\n'), needle);
    if (!best || score > best.score) best = { startLine: i + 1, lines: window, score };
  }
  return best && best.score > 0 ? best : undefined;
}
