// The runtime import graph of a source folder (relative imports only, type-only imports left out) and its cycles.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { sourceFiles } from './source-files';

/**
 * Module specifiers a TS source loads at run time: static imports and re-exports that bring at least one
 * value (not `import type …`, not `import { type A, type B } …`, which the compiler erases), side-effect
 * imports, dynamic `import()` and `require()`.
 */
export function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  const clause = /\b(import|export)\s+(type\s+)?([\w*${}\s,]*?)\s*from\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(clause)) {
    if (m[2]) continue;
    const names = m[3]!;
    const braced = /^\{([^}]*)\}$/.exec(names.trim());
    if (braced) {
      const parts = braced[1]!.split(',').map((p) => p.trim()).filter(Boolean);
      // `import {} from` and `import { type A }` are erased; a default or namespace import never is.
      if (parts.every((p) => p.startsWith('type '))) continue;
    }
    out.push(m[4]!);
  }
  for (const m of source.matchAll(/\bimport\s+['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The file a relative specifier from `fromFile` names, or undefined for packages and missing files. */
export function resolveRelative(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), spec.replace(/\.js$/, ''));
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return undefined;
}

/** Every module specifier, type-only imports included (what the compiler must resolve). */
export function allSpecifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\b(?:import|export)\s+(?:type\s+)?[\w*${}\s,]*?\s*from\s+['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\s+['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

export interface GraphOptions {
  /** Count type-only imports as edges too (default: run-time imports only). */
  types?: boolean;
}

/** File → the files inside `folder` it imports; paths relative to `root`, `/`-separated. */
export function importGraph(root: string, folder: string, options: GraphOptions = {}): Map<string, string[]> {
  const inside = resolve(root, folder) + sep;
  const rel = (file: string) => relative(root, file).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(resolve(root, folder))) {
    const source = readFileSync(file, 'utf8');
    const targets = (options.types ? allSpecifiers(source) : runtimeSpecifiers(source))
      .map((spec) => resolveRelative(file, spec))
      .filter((target): target is string => target !== undefined && target.startsWith(inside));
    graph.set(rel(file), [...new Set(targets.map(rel))].sort());
  }
  return graph;
}

/** Every strongly connected group of two or more files (or a file importing itself), each sorted. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm: one pass, each group found when its root leaves the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
