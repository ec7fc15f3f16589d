// Dead exports of the app's source: exported names nothing imports (read with @babel/parser, against every import
// and re-export in the app, its tests, scripts and bin) and that their own file never uses either.
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parse } from '@babel/parser';
import { resolveRelative } from './import-graph';
import { sourceFiles } from './source-files';

/** The names one source file exports. */
interface FileExports {
  names: Set<string>;
}

type Node = { type: string; [key: string]: unknown };

function parseFile(file: string): Node[] {
  const source = readFileSync(file, 'utf8');
  const plugins: ('typescript' | 'jsx')[] = file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'];
  const ast = parse(source, { sourceType: 'module', plugins, errorRecovery: true });
  return ast.program.body as unknown as Node[];
}

function idName(node: unknown): string | undefined {
  const n = node as { type?: string; name?: string; value?: string } | null;
  if (!n) return undefined;
  return n.type === 'Identifier' ? n.name : n.type === 'StringLiteral' ? n.value : undefined;
}

/** The names a file exports (declarations and `export { … }` lists, not re-exports from elsewhere). */
function exportedNames(body: Node[]): string[] {
  const names: string[] = [];
  for (const stmt of body) {
    if (stmt.type === 'ExportDefaultDeclaration') names.push('default');
    if (stmt.type !== 'ExportNamedDeclaration' || stmt.source) continue;
    const decl = stmt.declaration as Node | null;
    if (decl) {
      if (decl.type === 'VariableDeclaration') {
        for (const d of decl.declarations as Node[]) {
          const name = idName(d.id);
          if (name) names.push(name);
        }
      } else {
        const name = idName(decl.id);
        if (name) names.push(name);
      }
    }
    for (const spec of (stmt.specifiers as Node[]) ?? []) {
      const name = idName(spec.exported);
      if (name) names.push(name);
    }
  }
  return names;
}

/** Maps a specifier to a file: relative paths and the `@contract/…` alias. */
function resolveSpec(root: string, fromFile: string, spec: string): string | undefined {
  if (spec.startsWith('@contract/')) return resolveRelative(join(root, 'src-preload', 'x.ts'), `./contract/${spec.slice('@contract/'.length)}`);
  return resolveRelative(fromFile, spec);
}

/** What a file takes from others: file → names, or '*' for all of them (star re-export, namespace, dynamic import). */
function importsOf(root: string, file: string, body: Node[], source: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (spec: string, name: string) => {
    const target = resolveSpec(root, file, spec);
    if (!target) return;
    const set = used.get(target) ?? new Set<string>();
    set.add(name);
    used.set(target, set);
  };
  for (const stmt of body) {
    const src = (stmt.source as { value?: string } | null | undefined)?.value;
    if (!src) continue;
    if (stmt.type === 'ExportAllDeclaration') use(src, '*');
    for (const spec of (stmt.specifiers as Node[] | undefined) ?? []) {
      if (spec.type === 'ImportSpecifier') use(src, idName(spec.imported) ?? '*');
      else if (spec.type === 'ImportDefaultSpecifier') use(src, 'default');
      else if (spec.type === 'ExportSpecifier') use(src, idName(spec.local) ?? '*');
      else use(src, '*'); // namespace import or export
    }
  }
  // dynamic import(), vi.mock()/importOriginal and require(): the whole module
  for (const m of source.matchAll(/\b(?:import|require|vi\.mock)\(\s*['"]([^'"]+)['"]/g)) use(m[1]!, '*');
  return used;
}

/**
 * `file: name` for every export of `sourceDirs` that no file of `userDirs` (nor another source file) imports and
 * that its own file does not use: code nobody runs.
 */
export function deadExports(root: string, sourceDirs: string[], userDirs: string[]): string[] {
  const rel = (file: string) => relative(root, file).split(sep).join('/');
  const exports = new Map<string, FileExports>();
  const readers = new Set<string>();
  for (const dir of sourceDirs) for (const file of sourceFiles(resolve(root, dir))) readers.add(file);
  for (const dir of userDirs) for (const file of sourceFiles(resolve(root, dir))) readers.add(file);
  const used = new Map<string, Set<string>>();
  for (const file of readers) {
    const body = parseFile(file);
    if (sourceDirs.some((dir) => file.startsWith(resolve(root, dir) + sep))) exports.set(file, { names: new Set(exportedNames(body)) });
    for (const [target, names] of importsOf(root, file, body, readFileSync(file, 'utf8'))) {
      const set = used.get(target) ?? new Set<string>();
      for (const name of names) set.add(name);
      used.set(target, set);
    }
  }
  const unused: string[] = [];
  for (const [file, { names }] of exports) {
    const taken = used.get(file) ?? new Set<string>();
    if (taken.has('*')) continue;
    const source = readFileSync(file, 'utf8');
    for (const name of names) if (!taken.has(name) && !usedInOwnFile(source, name)) unused.push(`${rel(file)}: ${name}`);
  }
  return unused.sort();
}

/**
 * Whether `source` names `name` besides declaring it (a call, a spread `...NAME`, a type use); `x.name` is a
 * property, not a use. An export used only in its own file is alive (it merely need not be exported).
 */
function usedInOwnFile(source: string, name: string): boolean {
  const escaped = name.replace(/[$]/g, '\\$');
  const uses = [...source.matchAll(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'g'))].filter((m) => {
    const before = source.slice(Math.max(0, m.index - 3), m.index);
    return !before.endsWith('.') || before === '...';
  });
  return uses.length > 1;
}
