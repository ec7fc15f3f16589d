// Opens the home's nanotray.db and keeps it whole: a backup before a migration changes the schema, and a damaged
// file (found at open, or marked by an earlier run that met it) repaired from the newest good backup plus what
// can still be read from it, with a report for the user.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backupNow } from './db-backup';
import { isDatabaseDamage, passesQuickCheck, recoverRows, setDamagedAside, type RepairReport } from './db-repair';
import { openDatabase, type Database } from './db';

export type { RepairReport };

export interface HomeDatabasePaths {
  dbFile: string;
  /** `<home>/backups`. */
  backupsDir: string;
  /** `<home>/run/db-damaged`: written when a run meets a damaged file, so the next open checks it. */
  damageMark: string;
}

export function homeDatabasePaths(home: string): HomeDatabasePaths {
  return { dbFile: join(home, 'nanotray.db'), backupsDir: join(home, 'backups'), damageMark: join(home, 'run', 'db-damaged') };
}

/** Notes that this run met a damaged database: the next open checks and repairs it. Never throws. */
export function markDatabaseDamaged(paths: HomeDatabasePaths): void {
  try {
    mkdirSync(dirname(paths.damageMark), { recursive: true, mode: 0o700 });
    writeFileSync(paths.damageMark, new Date().toISOString());
  } catch {
    // the next failure marks it again
  }
}

/**
 * Moves the damaged file aside, restores the newest good backup, opens (and migrates) the result, and copies back
 * every row still readable from the damaged file.
 */
export function repairDatabase(paths: HomeDatabasePaths, now: number): { db: Database; report: RepairReport } {
  const aside = setDamagedAside(paths.dbFile, paths.backupsDir, now);
  const db = openDatabase(paths.dbFile);
  const recovered = recoverRows(aside.damagedKeptAt, db);
  rmSync(paths.damageMark, { force: true });
  return { db, report: { ...aside, recovered } };
}

/**
 * The database of a home. A file marked damaged is checked first; a file that fails its check, or whose open
 * fails as damaged, is repaired (`repaired` says how). A backup is made before migrations run on an existing file.
 */
export function openHomeDatabase(paths: HomeDatabasePaths, now: number): { db: Database; repaired?: RepairReport } {
  if (existsSync(paths.damageMark)) {
    if (existsSync(paths.dbFile) && !passesQuickCheck(paths.dbFile)) {
      const { db, report } = repairDatabase(paths, now);
      return { db, repaired: report };
    }
    rmSync(paths.damageMark, { force: true });
  }
  try {
    return { db: openDatabase(paths.dbFile, { beforeMigrations: (db) => backupNow(db, paths.backupsDir, now, 'migration') }) };
  } catch (err) {
    if (!isDatabaseDamage(err)) throw err;
    const { db, report } = repairDatabase(paths, now);
    return { db, repaired: report };
  }
}

/** The report in words: what happened, what came back, where the damaged file is, what to do. */
export function describeRepair(report: RepairReport): string {
  const rows = Object.values(report.recovered).reduce((a, b) => a + b, 0);
  const messages = report.recovered.messages ?? 0;
  const restored = report.restoredFrom
    ? `restored the backup of ${new Date(report.restoredFrom.at).toISOString().replace('T', ' ').slice(0, 16)} UTC`
    : 'found no good backup, so started a new one';
  const back = rows > 0 ? ` and recovered ${rows} rows from the damaged file (${messages} messages)` : '';
  return `Nanotray's database was damaged: ${restored}${back}. The damaged file is kept at ${report.damagedKeptAt}.`;
}

/** What a person reads when a run meets a damaged database (the next start repairs it). */
export const DAMAGED_DATABASE_MESSAGE =
  "Nanotray's database is damaged. Restart Nanotray, or run `nanotray doctor`, to restore the newest backup and recover what can still be read; nothing is deleted.";

/** For an error met while using the database: marks the home for repair and returns the message, or undefined. */
export function noteDatabaseError(paths: HomeDatabasePaths, err: unknown): string | undefined {
  if (!isDatabaseDamage(err)) return undefined;
  markDatabaseDamaged(paths);
  return DAMAGED_DATABASE_MESSAGE;
}
