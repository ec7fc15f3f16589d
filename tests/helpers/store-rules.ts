// "Only core/store touches the database" as a checker: outside src-main/core/store no file imports the SQLite
// driver or hands SQL to a database handle.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from './source-files';
import { importSpecifiers } from './import-rules';

export interface StoreViolation {
  file: string;
  line: number;
  rule: string;
}

const STORE_DIR = 'src-main/core/store/';
const DRIVER_IMPORT = /^better-sqlite3(-node20)?$|(^|\/)store\/sqlite-driver$/;
/** SQL text given to prepare()/exec() (a regex's .exec(value) has no string literal argument). */
const SQL_CALL = /\.\s*(?:prepare|exec)\s*(?:<[^>()]*>)?\(\s*[`'"]/g;
/** A database handle used directly: db.prepare(…), core.db.transaction(…), database.pragma(…). */
const HANDLE_CALL = /\b(?:db|database)\s*\.\s*(?:prepare|exec|pragma|transaction|function|backup)\s*[<(]/g;

/** The store rule `source` (at repo-relative `rel`) breaks, one entry per offending import or line. */
export function checkStoreAccess(rel: string, source: string): StoreViolation[] {
  if (rel.startsWith(STORE_DIR)) return [];
  const violations: StoreViolation[] = [];
  for (const spec of importSpecifiers(source)) {
    if (DRIVER_IMPORT.test(spec)) violations.push({ file: rel, line: 0, rule: `imports the SQLite driver (${spec}); use a repository in core/store` });
  }
  const lines = new Set<number>();
  for (const re of [SQL_CALL, HANDLE_CALL]) {
    for (const m of source.matchAll(re)) lines.add(source.slice(0, m.index).split('\n').length);
  }
  const text = source.split('\n');
  for (const line of [...lines].sort((a, b) => a - b)) {
    violations.push({ file: rel, line, rule: `runs SQL outside core/store: ${text[line - 1]!.trim().slice(0, 120)}` });
  }
  return violations;
}


/** Every violation under `folder` of the repository at `root`. */
export function scanStoreAccess(root: string, folder: string): StoreViolation[] {
  return sourceFiles(join(root, folder)).flatMap((file) => checkStoreAccess(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')));
}
