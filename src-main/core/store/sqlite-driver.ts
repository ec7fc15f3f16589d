// Picks the better-sqlite3 build for this runtime: 13.x (Node-API, prebuilt; Electron and Node >= 22)
// or the 12.x alias on older Node, where 13.x crashes (see shared/STACK.md §7).
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;
type DatabaseConstructor = new (file: string, options?: BetterSqlite3.Options) => Database;

const nodeMajor = Number(process.versions.node.split('.')[0]);
const isElectron = Boolean(process.versions.electron);

let cached: DatabaseConstructor | undefined;

/** The Database class of the build that loads on this runtime. */
export function sqliteDriver(): DatabaseConstructor {
  if (cached) return cached;
  const req = createRequire(import.meta.url);
  const name = !isElectron && nodeMajor < 22 ? 'better-sqlite3-node20' : 'better-sqlite3';
  // require() is untyped; both package names export better-sqlite3's Database class.
  cached = req(name) as DatabaseConstructor;
  return cached;
}
