// Backup temp files belong to the process writing them: pruning removes those of processes that ended (and the
// old single-name ones a crash left), never one that another live process is still writing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupNow, pruneBackups } from '../../../src-main/core/store/db-backup';
import { openDatabase } from '../../../src-main/core/store/db';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-backups-'));
  dirs.push(dir);
  return dir;
}

describe('backup temp files', () => {
  it("keeps a live process's temp file and removes those of ended processes and the old kind", () => {
    const dir = folder();
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    const live = `nanotray-20261207T101500Z-migration.db.${process.pid}-0a1b2c3d.tmp`;
    const dead = `nanotray-20261207T101500Z-migration.db.${ended}-0a1b2c3d.tmp`;
    const old = 'nanotray-20261207T101500Z-daily.db.tmp';
    for (const name of [live, dead, old]) writeFileSync(join(dir, name), 'partial');
    pruneBackups(dir);
    expect(readdirSync(dir)).toEqual([live]);
  });

  it('writes through a temp file of its own and leaves only the backup', () => {
    const dir = folder();
    const db = openDatabase(':memory:');
    try {
      const other = `nanotray-20261207T101500Z-manual.db.${process.pid}-ffffffff.tmp`;
      writeFileSync(join(dir, other), 'another writer of this process');
      const made = backupNow(db, dir, Date.parse('2026-12-07T10:15:00Z'), 'manual');
      expect(made.path).toBe(join(dir, 'nanotray-20261207T101500Z-manual.db'));
      expect(readdirSync(dir).sort()).toEqual(['nanotray-20261207T101500Z-manual.db', other]);
    } finally {
      db.close();
    }
  });
});
