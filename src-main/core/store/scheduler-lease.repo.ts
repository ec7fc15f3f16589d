// The scheduler_lease table: the one process that holds the scheduler lock writes who it is, so every other
// process can say where heartbeat and cron run.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow } from './row-parsing';
import { HOST_KINDS, type HostKind } from '../lib/host-kind';

/** The process running heartbeat and cron for a home. */
export interface LeaseHolder {
  /** Random per process start: two starts of one pid are two holders. */
  holderId: string;
  host: HostKind;
  pid: number;
  hostname: string;
  acquiredAt: number;
}

const holderRowSchema = z.object({
  holder_id: z.string(),
  host: z.enum(HOST_KINDS),
  pid: z.number().int(),
  hostname: z.string(),
  acquired_at: z.number(),
});

/** Records `holder` as the lease's holder (call only while holding the scheduler lock). */
export function writeLeaseHolder(db: Database, holder: LeaseHolder): void {
  db.prepare(
    `INSERT INTO scheduler_lease (id, holder_id, host, pid, hostname, acquired_at) VALUES (1, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET holder_id = excluded.holder_id, host = excluded.host, pid = excluded.pid,
       hostname = excluded.hostname, acquired_at = excluded.acquired_at`,
  ).run(holder.holderId, holder.host, holder.pid, holder.hostname, holder.acquiredAt);
}

/** The last recorded holder, if any (it may have died since: the lock, not this row, says who holds it). */
export function readLeaseHolder(db: Database): LeaseHolder | undefined {
  const row = parseRow('scheduler_lease', holderRowSchema, db.prepare('SELECT * FROM scheduler_lease WHERE id = 1').get());
  if (!row) return undefined;
  return { holderId: row.holder_id, host: row.host, pid: row.pid, hostname: row.hostname, acquiredAt: row.acquired_at };
}

/** Removes the row when `holderId` still is the holder (a clean stop). */
export function clearLeaseHolder(db: Database, holderId: string): void {
  db.prepare('DELETE FROM scheduler_lease WHERE id = 1 AND holder_id = ?').run(holderId);
}
