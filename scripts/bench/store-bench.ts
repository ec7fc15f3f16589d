// Store figures for `npm run bench` (bundled by scripts/bench-store.mjs): the session lease a turn takes and
// releases (one turn at a time per session across processes), and an online backup of a 100,000-message
// database with the longest the event loop waited meanwhile (the backup must stay off every turn's path).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionLeases } from '../../src-main/core/agent/session-lease';
import { openDatabase } from '../../src-main/core/store/db';
import { backupOnline } from '../../src-main/core/store/db-backup';
import { appendMessages, type NewMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession } from '../../src-main/core/store/sessions.repo';

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Take and release the lease of one session `runs` times (the lock file exists after the first). */
export async function leaseCost(runs: number): Promise<{ medianMs: number; firstMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-bench-lease-'));
  try {
    const leases = new SessionLeases({ dir: join(dir, 'turn-locks') });
    const signal = new AbortController().signal;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const lease = await leases.acquire('cli:default', signal);
      lease?.release();
      times.push(performance.now() - t);
    }
    return { medianMs: median(times.slice(1)), firstMs: times[0]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 100,000-message database, then one online backup: its time, size, and the event loop's longest wait. */
export async function backupCost(messages: number): Promise<{ ms: number; mb: number; maxLoopDelayMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-bench-backup-'));
  try {
    const db = openDatabase(join(dir, 'nanotray.db'));
    for (let s = 0; s < 20; s++) ensureSession(db, `desktop:s${s}`, 1);
    const batch: NewMessage[] = [];
    for (let i = 0; i < messages; i++) {
      batch.push({ sessionKey: `desktop:s${i % 20}`, role: i % 2 ? 'assistant' : 'user', content: `Message ${i}: the notes for project ${i % 37} moved to review item ${i}; Ada still owns it.`, createdAt: i });
      if (batch.length === 5000) appendMessages(db, batch.splice(0));
    }
    if (batch.length) appendMessages(db, batch.splice(0));
    db.pragma('wal_checkpoint(TRUNCATE)');
    let maxLoopDelayMs = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      maxLoopDelayMs = Math.max(maxLoopDelayMs, now - last - 5);
      last = now;
    }, 5);
    const t = performance.now();
    const made = await backupOnline(db, join(dir, 'backups'), Date.now());
    const ms = performance.now() - t;
    clearInterval(probe);
    db.close();
    return { ms, mb: statSync(made.path).size / 1e6, maxLoopDelayMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
