// The scheduler_state table (flags every process of a home shares) and SQLite's data_version, which tells a
// connection that another one changed the database.
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

/** Changes whenever another connection (another process) committed to the database since the last call. */
export function dataVersion(db: Database): number {
  return Number(db.pragma('data_version', { simple: true }));
}
