// A damaged nanotray.db is survived: the file is moved aside (kept, named with the time), the newest backup that
// passes SQLite's quick_check is restored, and every row that can still be read from the damaged file is copied
// back (rows the backup already has are kept as they are). Nothing here deletes the damaged file.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { listBackups, type BackupFile } from './db-backup';
import { sqliteDriver, type Database } from './sqlite-driver';

/** SQLite's words for a damaged file: the primary codes and their extended forms. */
export function isDatabaseDamage(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** What a repair did, for the user: where the damaged file went, what came back, from when. */
export interface RepairReport {
  damagedKeptAt: string;
  /** The backup restored, if any passed its check. */
  restoredFrom?: BackupFile;
  /** Rows read back from the damaged file, by table (only tables with at least one). */
  recovered: Record<string, number>;
}

/** Whether the file opens and passes quick_check ('ok'). Never throws. */
export function passesQuickCheck(file: string): boolean {
  let db: Database | undefined;
  try {
    db = new (sqliteDriver())(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    return rows.length === 1 && rows[0]?.quick_check === 'ok';
  } catch {
    return false;
  } finally {
    try {
      db?.close();
    } catch {
      // closing a damaged file
    }
  }
}

const COMPANIONS = ['-wal', '-shm', '-journal'];

/** `2026-12-07T02-15-00Z`, safe in a file name on every OS. */
function fileStamp(at: number): string {
  return new Date(at).toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
}

/** Rows per read: a read that hits a damaged page loses at most this many rows around it. */
const CHUNK = 200;

/** Copies what can be read of `table` from `from` into `to` (same columns by name; existing rows win). */
function recoverTable(from: Database, to: Database, table: string): number {
  const target = new Set((to.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name));
  let columns: string[];
  try {
    columns = (from.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name).filter((c) => target.has(c));
  } catch {
    return 0;
  }
  if (columns.length === 0) return 0;
  const list = columns.map((c) => `"${c}"`).join(', ');
  const insert = to.prepare(`INSERT OR IGNORE INTO "${table}" (${list}) VALUES (${columns.map(() => '?').join(', ')})`);
  const read = from.prepare(`SELECT rowid AS __rowid, ${list} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ${CHUNK}`);
  let copied = 0;
  let after = 0; // rowids of Nanotray's tables start at 1
  let skip = CHUNK;
  for (let tries = 0; tries < 100_000; tries++) {
    let rows: Record<string, unknown>[];
    try {
      rows = read.all(after) as Record<string, unknown>[];
      skip = CHUNK;
    } catch {
      // A damaged page: jump over it (further each time) and read on.
      after += skip;
      skip *= 2;
      if (skip > 1e12) break;
      continue;
    }
    if (rows.length === 0) break;
    to.transaction(() => {
      for (const row of rows) copied += insert.run(...columns.map((c) => row[c])).changes;
    })();
    after = Number(rows.at(-1)!.__rowid);
  }
  return copied;
}

/**
 * Repairs the database at `file` (closed by the caller): moves it aside, restores the newest good backup from
 * `backupsDir` (or leaves no file, so the next open starts empty), then `recover` copies rows back into the
 * opened, migrated database (the caller opens it and passes it). Split in two so the caller runs its migrations
 * between them.
 */
export function setDamagedAside(file: string, backupsDir: string, now: number): { damagedKeptAt: string; restoredFrom?: BackupFile } {
  const damagedKeptAt = `${file}.damaged-${fileStamp(now)}`;
  renameSync(file, damagedKeptAt);
  for (const suffix of COMPANIONS) {
    if (existsSync(file + suffix)) renameSync(file + suffix, damagedKeptAt + suffix);
  }
  const good = listBackups(backupsDir).find((b) => passesQuickCheck(b.path));
  if (!good) return { damagedKeptAt };
  const temp = `${file}.restoring`;
  try {
    copyFileSync(good.path, temp);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return { damagedKeptAt, restoredFrom: good };
}

/** Copies every readable row of the damaged file into `into` (an opened, migrated database). */
export function recoverRows(damagedFile: string, into: Database): Record<string, number> {
  const recovered: Record<string, number> = {};
  let from: Database | undefined;
  try {
    from = new (sqliteDriver())(damagedFile, { readonly: true, fileMustExist: true });
    const tables = (into.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all() as { name: string }[])
      .map((t) => t.name)
      // full-text shadow tables are rebuilt by their triggers from the rows copied
      .filter((name) => !/_fts(_|$)/.test(name));
    into.pragma('foreign_keys = OFF');
    for (const table of tables) {
      const n = recoverTable(from, into, table);
      if (n > 0) recovered[table] = n;
    }
  } catch {
    // the damaged file cannot be opened at all: the backup is what there is
  } finally {
    into.pragma('foreign_keys = ON');
    try {
      from?.close();
    } catch {
      // closing a damaged file
    }
  }
  return recovered;
}
