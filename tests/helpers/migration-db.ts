// A database brought up to one schema version only (with the pragmas openDatabase sets), for migration tests.
import { migrate, type Database } from '../../src-main/core/store/db';
import { MIGRATIONS } from '../../src-main/core/store/migrations';
import { sqliteDriver } from '../../src-main/core/store/sqlite-driver';

/** An in-memory database with foreign keys on, migrated to exactly `version` (0: empty). */
export function databaseAtVersion(version: number): Database {
  const Driver = sqliteDriver();
  const db = new Driver(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((m) => m.version <= version));
  return db;
}

/** Migrates `db` with the one migration of `version`; returns the new user_version. */
export function migrateTo(db: Database, version: number): number {
  return migrate(db, MIGRATIONS.filter((m) => m.version === version));
}

/** Names of the tables, indexes and triggers in the schema. */
export function schemaObjects(db: Database, type: 'table' | 'index' | 'trigger'): string[] {
  return db
    .prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name')
    .pluck()
    .all(type)
    .map(String);
}
