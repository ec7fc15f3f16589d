// The core's layer rule as a checker: which imports between the core's folders run up the order of CORE_LAYERS.

/** One import that breaks the order: the file, the file it imports, and why. */
export interface LayerViolation {
  file: string;
  imports: string;
  rule: string;
}

/** The folder (or root file) of the core a core-relative path belongs to: `tools/exec/x.ts` → `tools`. */
export function unitOf(coreRelative: string): string {
  return coreRelative.split('/')[0]!;
}

/**
 * Every import of `graph` (core-relative file → core-relative files it imports) that runs up or across `layers`:
 * to a later rank, to another folder of the same rank, or from or to a folder the order does not name.
 */
export function layerViolations(graph: ReadonlyMap<string, readonly string[]>, layers: readonly (readonly string[])[]): LayerViolation[] {
  const rank = new Map<string, number>();
  layers.forEach((units, at) => units.forEach((unit) => rank.set(unit, at)));
  const violations: LayerViolation[] = [];
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    for (const target of targets) {
      const to = unitOf(target);
      if (from === to) continue;
      const a = rank.get(from);
      const b = rank.get(to);
      let rule: string | undefined;
      if (a === undefined) rule = `${from} has no place in the layer order`;
      else if (b === undefined) rule = `${to} has no place in the layer order`;
      else if (b === a) rule = `${from} and ${to} share a rank and must not import each other`;
      else if (b > a) rule = `${to} comes after ${from} in the layer order`;
      if (rule) violations.push({ file, imports: target, rule });
    }
  }
  return violations;
}
