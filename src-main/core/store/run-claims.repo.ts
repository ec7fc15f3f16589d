// The run_claims table: before a scheduled run starts, its process claims (key, due time) here. A due time is
// claimed once, and a run another live process is doing is not started again.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow } from './row-parsing';

/** The process that claims a run. */
export interface ClaimHolder {
  holderId: string;
  pid: number;
  hostname: string;
}

/** `claimed`: run it. `already_run`: this very due time was claimed before. `running`: a live process is running it. */
export type ClaimOutcome = 'claimed' | 'already_run' | 'running';

export interface ClaimRequest {
  /** `heartbeat`, `cron:<job id>`. */
  key: string;
  /** The due time being served (epoch ms); undefined for a manual run, which serves none. */
  dueAt: number | undefined;
  holder: ClaimHolder;
  now: number;
  /** Whether the process holding an unfinished claim still lives (a dead one's claim is stale). */
  isAlive(holder: { pid: number; hostname: string }): boolean;
}

const claimRowSchema = z.object({
  key: z.string(),
  last_due_at: z.number(),
  holder_id: z.string().nullable(),
  holder_pid: z.number().nullable(),
  holder_host: z.string().nullable(),
  running_since: z.number().nullable(),
});

/** Claims one run in a write transaction, so two processes asking at once get one `claimed`. */
export function claimRun(db: Database, request: ClaimRequest): ClaimOutcome {
  return db
    .transaction((): ClaimOutcome => {
      const row = parseRow('run_claims', claimRowSchema, db.prepare('SELECT * FROM run_claims WHERE key = ?').get(request.key));
      if (row?.holder_id && row.holder_pid !== null) {
        const sameProcess = row.holder_id === request.holder.holderId;
        if (sameProcess || request.isAlive({ pid: row.holder_pid, hostname: row.holder_host ?? '' })) return 'running';
      }
      if (row && request.dueAt !== undefined && row.last_due_at === request.dueAt) return 'already_run';
      const { holderId, pid, hostname } = request.holder;
      db.prepare(
        `INSERT INTO run_claims (key, last_due_at, holder_id, holder_pid, holder_host, running_since) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET last_due_at = CASE WHEN ? THEN excluded.last_due_at ELSE last_due_at END, holder_id = excluded.holder_id,
           holder_pid = excluded.holder_pid, holder_host = excluded.holder_host, running_since = excluded.running_since`,
      ).run(request.key, request.dueAt ?? 0, holderId, pid, hostname, request.now, request.dueAt === undefined ? 0 : 1);
      return 'claimed';
    })
    .immediate();
}

/** Marks the claimed run finished (only the holder's own claim). */
export function finishClaim(db: Database, key: string, holderId: string): void {
  db.prepare(
    'UPDATE run_claims SET holder_id = NULL, holder_pid = NULL, holder_host = NULL, running_since = NULL WHERE key = ? AND holder_id = ?',
  ).run(key, holderId);
}

/** Forgets a key's claims (its job was removed). */
export function deleteClaim(db: Database, key: string): void {
  db.prepare('DELETE FROM run_claims WHERE key = ?').run(key);
}
