// The cron_jobs and cron_runs tables: jobs with their schedule and state, and each job's last 20 runs.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { countRowSchema, parseRow, parseRows } from './row-parsing';
import type { CronSchedule } from '../scheduler/cron-schedule';

const runStatusSchema = z.enum(['ok', 'error', 'skipped']);
export type CronRunStatus = z.output<typeof runStatusSchema>;

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

export function insertCronJob(db: Database, job: Pick<CronJob, 'id' | 'name' | 'sessionKey' | 'message' | 'schedule' | 'createdAt'>): void {
  const s = job.schedule;
  db.prepare(
    `INSERT INTO cron_jobs (id, name, session_key, message, kind, every_seconds, cron_expr, tz, at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    job.id,
    job.name,
    job.sessionKey,
    job.message,
    s.kind,
    s.kind === 'every' ? s.everySeconds : null,
    s.kind === 'cron' ? s.expr : null,
    s.kind === 'cron' ? s.tz : null,
    s.kind === 'at' ? new Date(s.atMs).toISOString() : null,
    job.createdAt,
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

/**
 * Records one run and updates the job's state (last status/error/time, consecutive errors: reset by `ok`,
 * +1 by `error`, unchanged by `skipped`). Keeps the last 20 runs. Returns the job's error streak.
 */
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
    db.prepare(
      `DELETE FROM cron_runs WHERE job_id = ? AND id NOT IN
         (SELECT id FROM cron_runs WHERE job_id = ? ORDER BY id DESC LIMIT ${CRON_RUNS_KEPT})`,
    ).run(run.jobId, run.jobId);
    db.prepare(
      `UPDATE cron_jobs SET last_status = ?, last_error = ?, last_run_at = ?,
         consecutive_errors = CASE ? WHEN 'ok' THEN 0 WHEN 'error' THEN consecutive_errors + 1 ELSE consecutive_errors END
       WHERE id = ?`,
    ).run(run.status, run.error ?? null, run.startedAt, run.status, run.jobId);
    const row = db.prepare('SELECT consecutive_errors AS n FROM cron_jobs WHERE id = ?').get(run.jobId);
    return parseRow('cron_jobs', countRowSchema, row)?.n ?? 0;
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
