// Picks the better-sqlite3 build for this runtime: 13.x (Node-API, prebuilt; Electron and Node >= 22)
// or the 12.x alias on older Node, where 13.x crashes (see shared/STACK.md §7).
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;
type DatabaseConstructor = new (file: string, options?: BetterSqlite3.Options) => Database;

const nodeMajor = Number(process.versions.node.split('.')[0]);
const isElectron = Boolean(process.versions.electron);

let cached: DatabaseConstructor | undefined;

/**
 * 12.x finds its addon through the `bindings` package: a stack trace to find the package, then up to 13 places tried
 * (~1.5 ms of every process's first open). Its node-gyp build is build/Release/better_sqlite3.node: that file is
 * given directly when it is there; otherwise 12.x searches as before.
 */
export function withBuiltAddon(Driver: DatabaseConstructor, req: NodeJS.Require): DatabaseConstructor {
  let addon: string;
  try {
    addon = req.resolve('better-sqlite3-node20/build/Release/better_sqlite3.node');
  } catch {
    return Driver;
  }
  return class extends Driver {
    constructor(file: string, options?: BetterSqlite3.Options) {
      super(file, { nativeBinding: addon, ...options });
    }
  };
}

/** The Database class of the build that loads on this runtime. */
export function sqliteDriver(): DatabaseConstructor {
  if (cached) return cached;
  const req = createRequire(import.meta.url);
  const node20 = !isElectron && nodeMajor < 22;
  // require() is untyped; both package names export better-sqlite3's Database class.
  const Driver = req(node20 ? 'better-sqlite3-node20' : 'better-sqlite3') as DatabaseConstructor;
  cached = node20 ? withBuiltAddon(Driver, req) : Driver;
  return cached;
}
