// Rolling backups of nanotray.db in <home>/backups: made with SQLite's online backup (daily, off any turn's path)
// or VACUUM INTO (before a migration, at open), each written to a temp file and renamed, the newest 3 kept.
import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '../lib/process-alive';
import { privateFolder } from '../lib/private-files';
import type { Database } from './sqlite-driver';

/** Backups kept; older ones are removed after each new one. */
export const BACKUPS_KEPT = 3;
/** A daily backup is due when the newest is older than this. */
export const BACKUP_EVERY_MS = 24 * 60 * 60_000;

const NAME = /^nanotray-(\d{8}T\d{6}Z)(?:-(\w+))?\.db$/;

export interface BackupFile {
  path: string;
  /** When it was made (from its name), epoch ms. */
  at: number;
  /** Why: `daily`, `migration` (before one) or `manual` (nanotray doctor). */
  reason: string;
  bytes: number;
}

/** `20261207T021500Z` for a time. */
function stamp(at: number): string {
  return new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function parseStamp(text: string): number {
  const iso = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`;
  return Date.parse(iso);
}

/** The backups in `dir`, newest first (none when the folder does not exist). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    try {
      found.push({ path: join(dir, name), at: parseStamp(m[1]!), reason: m[2] ?? 'daily', bytes: statSync(join(dir, name)).size });
    } catch {
      // removed meanwhile
    }
  }
  return found.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path));
}

/** Whether the newest backup is older than a day (or there is none). */
export function backupDue(dir: string, now: number): boolean {
  const newest = listBackups(dir)[0];
  return !newest || now - newest.at >= BACKUP_EVERY_MS;
}

/** A temp file's name says which process writes it: `<backup>.db.<pid>-<random>.tmp`. */
const TEMP = /\.db\.(\d+)-[0-9a-f]+\.tmp$/;

/**
 * The backup's name and a temp file of this process's own: processes opening one home at once (several CLIs, the
 * app) may back it up in the same second, and must not write, or remove, each other's temp file.
 */
function paths(dir: string, at: number, reason: string): { final: string; temp: string } {
  privateFolder(dir);
  const final = join(dir, `nanotray-${stamp(at)}-${reason}.db`);
  return { final, temp: `${final}.${process.pid}-${randomBytes(4).toString('hex')}.tmp` };
}

/** Keeps the newest BACKUPS_KEPT backups, and removes the temp files of processes that ended (a crash left them). */
export function pruneBackups(dir: string): void {
  for (const old of listBackups(dir).slice(BACKUPS_KEPT)) rmSync(old.path, { force: true });
  try {
    for (const name of readdirSync(dir)) {
      const writer = TEMP.exec(name)?.[1];
      const left = writer !== undefined ? !isProcessAlive(Number(writer)) : name.endsWith('.db.tmp');
      if (left) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // no folder
  }
}

/** Writes a backup through `copy` into a temp file, renamed only once whole; the temp file goes on failure. */
async function writeBackup(dir: string, at: number, reason: string, copy: (temp: string) => unknown): Promise<BackupFile> {
  const { final, temp } = paths(dir, at, reason);
  try {
    await copy(temp);
    renameSync(temp, final);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  pruneBackups(dir);
  return { path: final, at, reason, bytes: statSync(final).size };
}

/**
 * A backup with SQLite's online backup API: copies pages a few at a time between turns of the event loop, so the
 * process keeps answering meanwhile.
 */
export function backupOnline(db: Database, dir: string, at: number, reason = 'daily'): Promise<BackupFile> {
  return writeBackup(dir, at, reason, (temp) => db.backup(temp));
}

/** A compact copy made at once (VACUUM INTO): before a migration changes the schema. Synchronous. */
export function backupNow(db: Database, dir: string, at: number, reason: string): BackupFile {
  const { final, temp } = paths(dir, at, reason);
  try {
    db.prepare('VACUUM INTO ?').run(temp);
    renameSync(temp, final);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  pruneBackups(dir);
  return { path: final, at, reason, bytes: statSync(final).size };
}
