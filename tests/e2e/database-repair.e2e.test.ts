// A damaged database repaired as the browser host started: the window says so (what came back, from when, where
// the damaged file is), in English and Chinese, and the repaired chat is there.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/core/store/db';
import { backupNow } from '../../src-main/core/store/db-backup';
import { appendMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { markDatabaseDamaged, homeDatabasePaths } from '../../src-main/core/store/home-database';
import type { TempHome } from '../helpers/temp-home';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';

/** A home with a backup of a titled chat, 1,500 later messages, 64 KB of garbage mid-file, and the damage marked. */
function damage(home: TempHome): void {
  const paths = homeDatabasePaths(home.home);
  const db = openDatabase(paths.dbFile);
  ensureSession(db, 'desktop:trip', 1);
  setSessionTitle(db, 'desktop:trip', 'Trip to Lisbon');
  appendMessage(db, { sessionKey: 'desktop:trip', role: 'user', content: 'Plan the trip to Lisbon', createdAt: 1 });
  backupNow(db, paths.backupsDir, Date.UTC(2026, 11, 6, 8), 'daily');
  db.transaction(() => {
    for (let i = 0; i < 1500; i++) appendMessage(db, { sessionKey: 'desktop:trip', role: 'user', content: `later ${i} ${'z'.repeat(1000)}`, createdAt: 2 + i });
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const fd = openSync(paths.dbFile, 'r+');
  writeSync(fd, Buffer.alloc(64 * 1024, 0xa5), 0, 64 * 1024, Math.floor(statSync(paths.dbFile).size / 2));
  closeSync(fd);
  markDatabaseDamaged(paths);
}

let app: E2eApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('a database repaired at start, in the window', () => {
  it.each([
    ['en-US', 'The database was damaged and has been repaired', 'Restored the backup of'],
    ['zh-CN', '数据库已损坏，现已修复', '已恢复'],
  ])('%s: a notice says what came back and where the damaged file is', async (locale, title, body) => {
    app = await startE2eApp({ locale, prepareHome: damage });
    const toasts = app.page.getByRole('region', { name: locale === 'en-US' ? 'Notifications' : '通知' });
    await expect.poll(async () => toasts.textContent(), { timeout: 15_000 }).toContain(title);
    const text = (await toasts.textContent()) ?? '';
    expect(text).toContain(body);
    expect(text).toContain('nanotray.db.damaged-');
    expect(app.pageErrors).toEqual([]);
    await app.page.getByText('Trip to Lisbon').first().waitFor();
    await app.screenshot(`database-repaired-${locale}`);
  });
});
