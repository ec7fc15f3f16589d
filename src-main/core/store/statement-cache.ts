// Prepared statements reused per database: preparing the same SQL on every call costs more than running it.
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './sqlite-driver';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

const caches = new WeakMap<Database, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, prepared once and kept as long as the database object lives. */
export function cachedStatement(db: Database, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare<unknown[], unknown>(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}
