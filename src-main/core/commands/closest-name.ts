// "Did you mean" for a mistyped name: the known name closest to it by prefix or edit distance.
// (Not to be confused with tools/files/closest-lines.ts, which finds similar lines of a file.)

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `input`: a candidate that starts with the input wins, else the smallest edit
 * distance (ties go to the alphabetically first). Undefined when nothing is reasonably close.
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  const sorted = [...candidates].sort();
  const prefixed = wanted ? sorted.find((c) => c.startsWith(wanted)) : undefined;
  if (prefixed) return prefixed;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of sorted) {
    const d = editDistance(wanted, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.ceil(wanted.length / 2));
  return bestDistance <= limit ? best : undefined;
}
