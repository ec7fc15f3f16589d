// The scheduler_state table (what every process of a home shares: the heartbeat's pause, and the next due
// times the schedule's process published) and SQLite's data_version, which tells a connection that another
// one changed the database.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow } from './row-parsing';

const HEARTBEAT_PAUSED = 'heartbeat_paused';
const valueRowSchema = z.object({ value: z.number() });

/** True while the heartbeat is paused (from any process). */
export function isHeartbeatPaused(db: Database): boolean {
  const row = parseRow('scheduler_state', valueRowSchema, db.prepare('SELECT value FROM scheduler_state WHERE key = ?').get(HEARTBEAT_PAUSED));
  return row?.value === 1;
}

export function setHeartbeatPaused(db: Database, paused: boolean): void {
  db.prepare('INSERT INTO scheduler_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(HEARTBEAT_PAUSED, paused ? 1 : 0);
}

const nextDueKey = (what: string): string => `next_due:${what}`;

/** Records (or, with null, clears) when `what` (`heartbeat`, `cron:<id>`) is due next, for the other processes to show. */
export function publishNextDue(db: Database, what: string, dueAt: number | null): void {
  if (dueAt === null) db.prepare('DELETE FROM scheduler_state WHERE key = ?').run(nextDueKey(what));
  else db.prepare('INSERT INTO scheduler_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(nextDueKey(what), dueAt);
}

/** The next due time the schedule's process published for `what`. */
export function publishedNextDue(db: Database, what: string): number | null {
  const row = parseRow('scheduler_state', valueRowSchema, db.prepare('SELECT value FROM scheduler_state WHERE key = ?').get(nextDueKey(what)));
  return row?.value ?? null;
}

/** Forgets the published due times whose subject starts with `prefix` (`cron:`): their process stopped. */
export function clearPublishedDue(db: Database, prefix: string): void {
  const start = nextDueKey(prefix);
  // every key in [start, start + U+FFFF): a range, so no LIKE pattern characters to escape
  db.prepare('DELETE FROM scheduler_state WHERE key >= ? AND key < ?').run(start, `${start}\uffff`);
}

/** Changes whenever another connection (another process) committed to the database since the last call. */
export function dataVersion(db: Database): number {
  return Number(db.pragma('data_version', { simple: true }));
}
