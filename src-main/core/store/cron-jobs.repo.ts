// The cron_jobs and cron_runs tables: jobs with their schedule and state, and each job's last 20 runs.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { countRowSchema, parseRow, parseRows } from './row-parsing';
import { cronRunStatusSchema } from '../../../src-preload/contract/scheduler-schemas';

const runStatusSchema = cronRunStatusSchema;
export type CronRunStatus = z.output<typeof runStatusSchema>;
/** How a started run can end. */
export type CronRunEnd = Exclude<CronRunStatus, 'running' | 'skipped' | 'interrupted'>;

/** When a job runs, as stored: every N seconds, a cron expression in a time zone, or once at an instant. */
export type CronSchedule =
  | { kind: 'every'; everySeconds: number }
  | { kind: 'cron'; expr: string; tz: string }
  | { kind: 'at'; atMs: number };

export interface CronJob {
  id: string;
  name: string;
  /** The session that created the job; runs happen there. */
  sessionKey: string;
  message: string;
  schedule: CronSchedule;
  enabled: boolean;
  consecutiveErrors: number;
  lastStatus?: CronRunStatus;
  lastError?: string;
  lastRunAt?: number;
  createdAt: number;
}

export interface CronRun {
  id: number;
  jobId: string;
  startedAt: number;
  durationMs: number;
  status: CronRunStatus;
  error?: string;
  /** An `at` job whose time passed while the app was closed. */
  late: boolean;
}

/** Runs kept per job. */
export const CRON_RUNS_KEPT = 20;

const jobRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  session_key: z.string(),
  message: z.string(),
  kind: z.enum(['every', 'cron', 'at']),
  every_seconds: z.number().nullable(),
  cron_expr: z.string().nullable(),
  tz: z.string().nullable(),
  at: z.string().nullable(),
  enabled: z.number(),
  consecutive_errors: z.number(),
  last_status: runStatusSchema.nullable(),
  last_error: z.string().nullable(),
  last_run_at: z.number().nullable(),
  created_at: z.number(),
});
type JobRow = z.output<typeof jobRowSchema>;

const runRowSchema = z.object({
  id: z.number(),
  job_id: z.string(),
  started_at: z.number(),
  duration_ms: z.number(),
  status: runStatusSchema,
  error: z.string().nullable(),
  late: z.number(),
  holder_id: z.string().nullable().optional(),
  holder_pid: z.number().nullable().optional(),
  holder_host: z.string().nullable().optional(),
});

function scheduleOf(r: JobRow): CronSchedule {
  if (r.kind === 'every') return { kind: 'every', everySeconds: r.every_seconds ?? 60 };
  if (r.kind === 'cron') return { kind: 'cron', expr: r.cron_expr ?? '* * * * *', tz: r.tz ?? 'UTC' };
  return { kind: 'at', atMs: Date.parse(r.at ?? '') };
}

function toJob(raw: unknown): CronJob {
  const r = parseRow('cron_jobs', jobRowSchema, raw)!;
  return {
    id: r.id,
    name: r.name,
    sessionKey: r.session_key,
    message: r.message,
    schedule: scheduleOf(r),
    enabled: r.enabled === 1,
    consecutiveErrors: r.consecutive_errors,
    ...(r.last_status ? { lastStatus: r.last_status } : {}),
    ...(r.last_error ? { lastError: r.last_error } : {}),
    ...(r.last_run_at !== null ? { lastRunAt: r.last_run_at } : {}),
    createdAt: r.created_at,
  };
}

/** A schedule as its five columns: kind, every_seconds, cron_expr, tz, at. */
function scheduleColumns(s: CronSchedule): [string, number | null, string | null, string | null, string | null] {
  return [
    s.kind,
    s.kind === 'every' ? s.everySeconds : null,
    s.kind === 'cron' ? s.expr : null,
    s.kind === 'cron' ? s.tz : null,
    s.kind === 'at' ? new Date(s.atMs).toISOString() : null,
  ];
}

export function insertCronJob(db: Database, job: Pick<CronJob, 'id' | 'name' | 'sessionKey' | 'message' | 'schedule' | 'createdAt'>): void {
  db.prepare(
    `INSERT INTO cron_jobs (id, name, session_key, message, kind, every_seconds, cron_expr, tz, at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(job.id, job.name, job.sessionKey, job.message, ...scheduleColumns(job.schedule), job.createdAt);
}

/**
 * Rewrites a job's name, message and schedule in place: its id, session, enabled state and run history stay.
 * Returns false when there is no such job.
 */
export function updateCronJob(db: Database, job: Pick<CronJob, 'id' | 'name' | 'message' | 'schedule'>): boolean {
  return (
    db
      .prepare('UPDATE cron_jobs SET name = ?, message = ?, kind = ?, every_seconds = ?, cron_expr = ?, tz = ?, at = ? WHERE id = ?')
      .run(job.name, job.message, ...scheduleColumns(job.schedule), job.id).changes > 0
  );
}

export function getCronJob(db: Database, id: string): CronJob | undefined {
  const row = db.prepare('SELECT * FROM cron_jobs WHERE id = ?').get(id);
  return row === undefined ? undefined : toJob(row);
}

/** All jobs, oldest first. */
export function listCronJobs(db: Database): CronJob[] {
  return db.prepare('SELECT * FROM cron_jobs ORDER BY created_at, id').all().map(toJob);
}

/** Deletes the job; its run history stays until pruned with it. Returns false when it did not exist. */
export function deleteCronJob(db: Database, id: string): boolean {
  return db.prepare('DELETE FROM cron_jobs WHERE id = ?').run(id).changes > 0;
}

export function setCronJobEnabled(db: Database, id: string, enabled: boolean): boolean {
  return (
    db.prepare('UPDATE cron_jobs SET enabled = ?, consecutive_errors = CASE WHEN ? THEN 0 ELSE consecutive_errors END WHERE id = ?')
      .run(enabled ? 1 : 0, enabled ? 1 : 0, id).changes > 0
  );
}

/** Keeps the last CRON_RUNS_KEPT runs of a job. */
function pruneRuns(db: Database, jobId: string): void {
  db.prepare(
    `DELETE FROM cron_runs WHERE job_id = ? AND id NOT IN
       (SELECT id FROM cron_runs WHERE job_id = ? ORDER BY id DESC LIMIT ${CRON_RUNS_KEPT})`,
  ).run(jobId, jobId);
}

/** Sets the job's last status and error streak (reset by `ok`, +1 by `error`, else unchanged); returns the streak. */
function setJobState(db: Database, jobId: string, status: CronRunStatus, error: string | undefined, startedAt: number): number {
  db.prepare(
    `UPDATE cron_jobs SET last_status = ?, last_error = ?, last_run_at = ?,
       consecutive_errors = CASE ? WHEN 'ok' THEN 0 WHEN 'error' THEN consecutive_errors + 1 ELSE consecutive_errors END
     WHERE id = ?`,
  ).run(status, error ?? null, startedAt, status, jobId);
  const row = db.prepare('SELECT consecutive_errors AS n FROM cron_jobs WHERE id = ?').get(jobId);
  return parseRow('cron_jobs', countRowSchema, row)?.n ?? 0;
}

/** A run that never started (`skipped`): recorded whole at once. Returns the job's error streak. */
export function recordCronRun(db: Database, run: Omit<CronRun, 'id'>): number {
  return db.transaction(() => {
    db.prepare('INSERT INTO cron_runs (job_id, started_at, duration_ms, status, error, late) VALUES (?, ?, ?, ?, ?, ?)').run(
      run.jobId,
      run.startedAt,
      run.durationMs,
      run.status,
      run.error ?? null,
      run.late ? 1 : 0,
    );
    pruneRuns(db, run.jobId);
    return setJobState(db, run.jobId, run.status, run.error, run.startedAt);
  })();
}

/** The process running a run: the one the next scheduler owner asks about when it finds the run unfinished. */
export interface RunHolder {
  holderId: string;
  pid: number;
  hostname: string;
}

/** Records a run as it starts (`running`, with its process), so a crash cannot hide it. Returns its id. */
export function startCronRun(db: Database, run: { jobId: string; startedAt: number; late: boolean; holder: RunHolder }): number {
  return db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO cron_runs (job_id, started_at, status, late, holder_id, holder_pid, holder_host)
         VALUES (?, ?, 'running', ?, ?, ?, ?)`,
      )
      .run(run.jobId, run.startedAt, run.late ? 1 : 0, run.holder.holderId, run.holder.pid, run.holder.hostname);
    pruneRuns(db, run.jobId);
    setJobState(db, run.jobId, 'running', undefined, run.startedAt);
    return Number(lastInsertRowid);
  })();
}

/** Ends a started run and updates its job's state. Returns the job's error streak. */
export function finishCronRun(db: Database, runId: number, end: { status: CronRunEnd; durationMs: number; error?: string | undefined }): number {
  return db.transaction(() => {
    const row = db.prepare('SELECT job_id, started_at FROM cron_runs WHERE id = ?').get(runId) as { job_id: string; started_at: number } | undefined;
    if (!row) return 0;
    db.prepare('UPDATE cron_runs SET status = ?, duration_ms = ?, error = ? WHERE id = ?').run(end.status, end.durationMs, end.error ?? null, runId);
    return setJobState(db, row.job_id, end.status, end.error, row.started_at);
  })();
}

/**
 * Marks as `interrupted` every run still `running` whose process is gone (a run of `selfId` is this process's own
 * and left alone); the job's last status follows when that run was its newest. Returns how many were marked.
 */
export function markInterruptedRuns(db: Database, selfId: string, isAlive: (holder: { pid: number; hostname: string }) => boolean): number {
  return db.transaction(() => {
    const rows = db.prepare("SELECT id, job_id, holder_id, holder_pid, holder_host FROM cron_runs WHERE status = 'running'").all() as {
      id: number;
      job_id: string;
      holder_id: string | null;
      holder_pid: number | null;
      holder_host: string | null;
    }[];
    let marked = 0;
    for (const r of rows) {
      if (r.holder_id === selfId) continue;
      if (r.holder_pid !== null && isAlive({ pid: r.holder_pid, hostname: r.holder_host ?? '' })) continue;
      db.prepare("UPDATE cron_runs SET status = 'interrupted', error = NULL WHERE id = ?").run(r.id);
      db.prepare(
        `UPDATE cron_jobs SET last_status = 'interrupted', last_error = NULL
         WHERE id = ? AND ? = (SELECT MAX(id) FROM cron_runs WHERE job_id = ?)`,
      ).run(r.job_id, r.id, r.job_id);
      marked++;
    }
    return marked;
  })();
}

/** A job's runs, newest first. */
export function listCronRuns(db: Database, jobId: string, limit = CRON_RUNS_KEPT): CronRun[] {
  const rows = parseRows('cron_runs', runRowSchema, db.prepare('SELECT * FROM cron_runs WHERE job_id = ? ORDER BY id DESC LIMIT ?').all(jobId, limit));
  return rows.map((r) => ({
    id: r.id,
    jobId: r.job_id,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    status: r.status,
    ...(r.error ? { error: r.error } : {}),
    late: r.late === 1,
  }));
}
