// Opens the SQLite database (WAL, foreign keys) and brings its schema up to date via PRAGMA user_version.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateFile, tightenMode } from '../lib/private-files';
import { sqliteDriver, type Database } from './sqlite-driver';
import { MIGRATIONS, type Migration } from './migrations';

export type { Database };

const userVersion = (db: Database): number => Number(db.pragma('user_version', { simple: true }));

/**
 * Runs every migration newer than the database's user_version, each in its own transaction. Processes opening
 * one new home at once (several CLIs, the app and the daemon) race here: each migration takes the write lock
 * first (IMMEDIATE) and reads the version again under it, so it runs once and the others skip it.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS, before?: (db: Database) => void): number {
  const pending = [...migrations].filter((m) => m.version > userVersion(db)).sort((a, b) => a.version - b.version);
  // A database that has data (version > 0) is copied before its schema changes.
  if (pending.length > 0 && userVersion(db) > 0) before?.(db);
  for (const m of pending) {
    db.transaction(() => {
      if (userVersion(db) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return userVersion(db);
}

/** The files SQLite keeps beside the database; they hold the same data, so they get the same mode. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Opens (creating when missing) the database at `file`, or an in-memory one for ':memory:'. The file is
 * created 0600 and an existing one (with its -wal/-shm) tightened to 0600: it holds every conversation.
 * SQLite gives the -wal and -shm files it creates the database file's mode.
 */
export interface OpenOptions {
  /** Called once before migrations change an existing schema (the home makes a backup). */
  beforeMigrations?: (db: Database) => void;
}

export function openDatabase(file: string, options: OpenOptions = {}): Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    privateFile(file);
    for (const suffix of COMPANIONS) tightenMode(file + suffix, 0o600);
  }
  const Driver = sqliteDriver();
  const db = new Driver(file);
  try {
    // First: another process opening the same new file holds its lock for a moment (WAL switch, migrations).
    db.pragma('busy_timeout = 5000');
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS, options.beforeMigrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
