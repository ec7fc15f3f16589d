// A damaged nanotray.db is survived: rolling backups (3 kept, one before a migration), and a file with 64 KB of
// garbage in its middle moved aside, the newest good backup restored and every still-readable row copied back.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { backupNow, backupOnline, BACKUPS_KEPT, listBackups } from '../../../src-main/core/store/db-backup';
import { passesQuickCheck } from '../../../src-main/core/store/db-repair';
import { homeDatabasePaths, markDatabaseDamaged, openHomeDatabase } from '../../../src-main/core/store/home-database';
import { appendMessage } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});
function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-repair-'));
  homes.push(dir);
  mkdirSync(join(dir, 'run'));
  return dir;
}

/** `n` messages of about 1 KB each in session `s`, numbered from `from`. */
function fill(db: Database, n: number, from = 0): void {
  ensureSession(db, 's', 1);
  db.transaction(() => {
    for (let i = from; i < from + n; i++) appendMessage(db, { sessionKey: 's', role: 'user', content: `message ${i} ${'x'.repeat(1000)}`, createdAt: i });
  })();
}

const count = (db: Database): number => (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;

/** 64 KB of garbage written over the middle of the file (the damage the issue describes). */
function damageMiddle(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    const garbage = Buffer.alloc(64 * 1024, 0xa5);
    writeSync(fd, garbage, 0, garbage.length, Math.floor(statSync(file).size / 2));
  } finally {
    closeSync(fd);
  }
}

describe('database backups', () => {
  it('keeps the newest three, each written whole (no temp file left)', async () => {
    const dir = home();
    const db = openDatabase(join(dir, 'nanotray.db'));
    fill(db, 10);
    for (let day = 0; day < 5; day++) await backupOnline(db, join(dir, 'backups'), Date.UTC(2026, 11, 1 + day));
    db.close();
    const kept = listBackups(join(dir, 'backups'));
    expect(kept).toHaveLength(BACKUPS_KEPT);
    expect(kept.map((b) => new Date(b.at).getUTCDate())).toEqual([5, 4, 3]);
    expect(readdirSync(join(dir, 'backups')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    for (const b of kept) expect(passesQuickCheck(b.path)).toBe(true);
  });

  it('a backup is made before migrations change an existing database, none for a new one', () => {
    const dir = home();
    const paths = homeDatabasePaths(dir);
    openHomeDatabase(paths, Date.UTC(2026, 11, 1)).db.close();
    expect(listBackups(paths.backupsDir)).toEqual([]);
    const old = openDatabase(paths.dbFile);
    fill(old, 3);
    old.pragma('user_version = 9'); // as a home made before migration 10
    old.close();
    openHomeDatabase(paths, Date.UTC(2026, 11, 2)).db.close();
    expect(listBackups(paths.backupsDir).map((b) => b.reason)).toEqual(['migration']);
  });
});

describe('a damaged database', () => {
  it('64 KB of garbage in the middle: the next open restores the backup and recovers the newer rows', () => {
    const dir = home();
    const paths = homeDatabasePaths(dir);
    const db = openDatabase(paths.dbFile);
    fill(db, 1500);
    backupNow(db, paths.backupsDir, Date.UTC(2026, 11, 6), 'daily');
    fill(db, 1500, 1500); // written after the backup: only the damaged file has them
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    damageMiddle(paths.dbFile);
    expect(passesQuickCheck(paths.dbFile)).toBe(false);
    // A run met the damage (a turn failed with SQLITE_CORRUPT) and marked the home.
    markDatabaseDamaged(paths);

    const opened = openHomeDatabase(paths, Date.UTC(2026, 11, 7, 9));
    try {
      const report = opened.repaired!;
      expect(report.restoredFrom?.reason).toBe('daily');
      expect(existsSync(report.damagedKeptAt)).toBe(true);
      expect(report.damagedKeptAt).toContain('nanotray.db.damaged-2026-12-07T09-00-00Z');
      // Everything of the backup, plus most of what came after it: only rows on the damaged pages are lost.
      const n = count(opened.db);
      expect(n).toBeGreaterThanOrEqual(1500);
      expect(n).toBeGreaterThan(2500);
      expect(report.recovered.messages).toBe(n - 1500);
      expect(passesQuickCheck(paths.dbFile)).toBe(true);
      // New messages go in, and the search index knows the recovered ones.
      appendMessage(opened.db, { sessionKey: 's', role: 'user', content: 'after the repair', createdAt: 9 });
      expect((opened.db.prepare("SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH 'message'").get() as { n: number }).n).toBeGreaterThan(2500);
    } finally {
      opened.db.close();
    }
    expect(existsSync(paths.damageMark)).toBe(false);
  });

  it('a file that is not a database at all: set aside, and with no backup the app starts empty', () => {
    const dir = home();
    const paths = homeDatabasePaths(dir);
    const fd = openSync(paths.dbFile, 'w');
    writeSync(fd, Buffer.alloc(8192, 0x42));
    closeSync(fd);
    const opened = openHomeDatabase(paths, Date.UTC(2026, 11, 7));
    try {
      expect(opened.repaired?.restoredFrom).toBeUndefined();
      expect(existsSync(opened.repaired!.damagedKeptAt)).toBe(true);
      expect(count(opened.db)).toBe(0);
    } finally {
      opened.db.close();
    }
  });
});
