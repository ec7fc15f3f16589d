// The layer rules of DESIGN.md as a checker: which module specifiers each part of the tree may import.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from './source-files';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Every module specifier in a TS/TSX source (static imports, re-exports, dynamic import(), require()). */
export function importSpecifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*${}\s,]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[\w*${}\s,]*\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** The rule a file at `rel` (repo-relative, `/`-separated) breaks by importing `spec`, if any. */
export function checkImport(rel: string, spec: string): string | undefined {
  if (rel.startsWith('src-main/core/')) {
    if (spec === 'electron' || spec.startsWith('electron/')) return 'core/ must not import electron; put it in src-main/shell/';
    if (/(^|\/)(shell|host)(\/|$)/.test(spec) && spec.startsWith('.')) return 'core/ must not depend on the shell or a host';
  }
  if (rel.startsWith('src-renderer/')) {
    if (spec === 'electron') return 'the renderer talks to main only through window.nanotray';
    if (NODE_BUILTINS.has(spec)) return 'the renderer has no Node';
    if (spec.includes('src-main')) return 'the renderer must not import main-process code';
  }
  if (rel.startsWith('src-preload/contract/')) {
    if (!(spec === 'zod' || spec.startsWith('zod/') || spec.startsWith('./'))) return 'contract/ imports only zod';
  }
  return undefined;
}


export function scanTree(root: string, folders: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const folder of folders) {
    let files: string[] = [];
    try {
      files = sourceFiles(join(root, folder));
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = relative(root, file).split(sep).join('/');
      for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
        const rule = checkImport(rel, spec);
        if (rule) violations.push({ file: rel, specifier: spec, rule });
      }
    }
  }
  return violations;
}
