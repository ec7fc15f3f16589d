// A damaged nanotray.db through the real CLI: a turn that meets the damage says what to do (not "malformed"),
// the next command restores the newest backup with what the damaged file still holds and answers, and
// `nanotray doctor` checks, backs up, and repairs on demand.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { backupNow } from '../../../src-main/core/store/db-backup';
import { appendMessage } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

/** A home whose database has a backup (1,500 messages) and 1,500 later messages, then 64 KB of garbage mid-file. */
function damagedHome(): string {
  const home = t.open().home;
  const file = join(home, 'nanotray.db');
  const db = openDatabase(file);
  ensureSession(db, 'cli:default', 1);
  const fill = (from: number): void =>
    db.transaction(() => {
      for (let i = from; i < from + 1500; i++) appendMessage(db, { sessionKey: 'cli:old', role: 'user', content: `old ${i} ${'y'.repeat(1000)}`, createdAt: i });
    })();
  ensureSession(db, 'cli:old', 1);
  fill(0);
  backupNow(db, join(home, 'backups'), Date.UTC(2026, 11, 6), 'daily');
  fill(1500);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(64 * 1024, 0xa5), 0, 64 * 1024, Math.floor(statSync(file).size / 2));
  closeSync(fd);
  return home;
}

describe('a damaged database through the CLI', () => {
  it('is repaired from the backup at the next start, says so, and the chat goes on', async () => {
    damagedHome();
    t.llm.setFallback({ text: 'still here' });
    // `doctor` sees the damage and repairs it; the report names the backup, the rows recovered and where the damaged file is.
    const doctor = await t.spawn(['doctor']);
    expect(doctor.code).toBe(0);
    expect(doctor.out).toMatch(/Nanotray's database was damaged: restored the backup of 2026-12-06 00:00 UTC and recovered \d+ rows from the damaged file/);
    expect(doctor.out).toContain('nanotray.db.damaged-');
    const agent = await t.spawn(['agent', '-m', 'hello after the repair']);
    expect(agent.code).toBe(0);
    expect(agent.out).toContain('still here');
    const again = await t.spawn(['doctor']);
    expect(again.out).toContain('database: ok');
    expect(again.out).toMatch(/backup: made .*nanotray-\d{8}T\d{6}Z-manual\.db/);
  }, 60_000);

  it('a turn that meets the damage says what to do, and the next command repairs it', async () => {
    damagedHome();
    t.llm.setFallback({ text: 'answered' });
    // The old chat reads the damaged pages: the turn fails, saying what happened and what to do.
    const first = await t.spawn(['agent', '-m', 'hi', '-s', 'old']);
    expect(first.code).toBe(1);
    expect(first.err).toContain("Nanotray's database is damaged. Restart Nanotray, or run `nanotray doctor`");
    expect(first.err).not.toContain('malformed');
    // The next command repairs it first, says so, and the same chat answers.
    const second = await t.spawn(['agent', '-m', 'hi again', '-s', 'old']);
    expect(second.err).toContain("Nanotray's database was damaged: restored the backup of 2026-12-06 00:00 UTC");
    expect(second.code).toBe(0);
    expect(second.out).toContain('answered');
  }, 60_000);

  it('a marked home is repaired when any command opens it next, and the command says what it did', async () => {
    const home = damagedHome();
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(home, 'run'), { recursive: true });
    writeFileSync(join(home, 'run', 'db-damaged'), 'a turn met SQLITE_CORRUPT');
    t.llm.setFallback({ text: 'answered' });
    const agent = await t.spawn(['agent', '-m', 'hi']);
    expect(agent.code).toBe(0);
    expect(agent.err).toContain("nanotray agent: Nanotray's database was damaged: restored the backup of 2026-12-06 00:00 UTC");
    expect(agent.out).toContain('answered');
  }, 60_000);
});
