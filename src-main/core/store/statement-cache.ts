// Prepared statements reused per database: preparing the same SQL on every call costs more than running it.
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './sqlite-driver';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

const caches = new WeakMap<Database, Map<string, Statement>>();

function cached(db: Database, key: string, prepare: () => Statement): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(key);
  if (!stmt) {
    stmt = prepare();
    cache.set(key, stmt);
  }
  return stmt;
}

/** The prepared statement for `sql` on `db`, prepared once and kept as long as the database object lives. */
export function cachedStatement(db: Database, sql: string): Statement {
  return cached(db, sql, () => db.prepare<unknown[], unknown>(sql));
}

/**
 * Like cachedStatement, but its rows come back as arrays of column values in SELECT order (better-sqlite3's raw
 * mode): about half the cost of one object per row, for reads of thousands of rows.
 */
export function cachedRawStatement(db: Database, sql: string): Statement {
  return cached(db, `raw:${sql}`, () => db.prepare<unknown[], unknown>(sql).raw(true));
}
