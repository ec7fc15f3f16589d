// Cron jobs: persisted in SQLite, timed by node-cron, each run a non-interactive turn in the job's session.
import { randomBytes } from 'node:crypto';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Clock } from '../lib/clock';
import { errResult, errorMessage, okResult, type Result } from '../lib/result';
import { coreError, type ServiceError } from '../lib/core-error';
import type { Database } from '../store/db';
import {
  deleteCronJob,
  getCronJob,
  insertCronJob,
  listCronJobs,
  CRON_RUNS_KEPT,
  finishCronRun,
  listCronRuns,
  markInterruptedRuns,
  recordCronRun,
  setCronJobEnabled,
  startCronRun,
  updateCronJob,
  type CronJob,
  type CronRun,
  type CronRunEnd,
  type CronRunStatus,
} from '../store/cron-jobs.repo';
import { isHolderAlive } from '../lib/process-alive';
import { editedJobFields, parseCronJobFields, type CronJobFields } from './cron-job-input';
import { cronJobView, type CronJobView } from './cron-job-view';
import { cronTurnNote } from './scheduler-text';
import { startJobTimer, type JobTimer } from './cron-timers';
import { processHolder, RunClaims } from './run-claims';
import { clearPublishedDue, publishedNextDue, publishNextDue } from '../store/scheduler-state.repo';
import type { TurnRunner } from './turn-runner';
import { noticeWords, type NoticePart } from '../lib/notice-words';
import { textRef } from '../../../src-preload/contract/desktop-texts';

export interface CronDeps {
  db: Database;
  clock: Clock;
  runner: TurnRunner;
  emit(event: CoreEvent): void;
  config(): Config;
  /** Where runs are claimed (default: this database, as a process of its own). */
  claims?: RunClaims;
  /** True while another live process runs the timers (its published next due times are then shown here). */
  runsElsewhere?(): boolean;
}

export interface CronAddInput extends CronJobFields {
  /** The session the job belongs to and runs in. */
  sessionKey: string;
}

export type { CronJobView };

export interface CronStatus {
  /** Timers are armed in this process. */
  started: boolean;
  jobs: CronJobView[];
}

/** Errors in a row that pause a job. */
export const MAX_CONSECUTIVE_ERRORS = 3;
const NOTIFY_BODY_MAX = 500;

/** A report's text cut to what a notification shows. */
function shortened(text: string): string {
  return text.length > NOTIFY_BODY_MAX ? `${text.slice(0, NOTIFY_BODY_MAX - 1)}…` : text;
}

/** The claim key of a job's runs. */
const claimKey = (id: string): string => `cron:${id}`;

interface RunOptions {
  late: boolean;
  /** The due time served; undefined for a manual run. */
  dueAt: number | undefined;
}

export const jobNotFound = (id: string): ServiceError<'not_found'> => coreError('not_found', `Error: job '${id}' not found`);

/**
 * The session a job's runs answer in: one of its own, never the chat it was made in (a run firing while the user
 * types there would put its question and answer in the middle of the user's turn).
 */
export function cronRunSessionKey(jobId: string): string {
  return `cron:${jobId}`;
}

export class CronService {
  #deps: CronDeps;
  #started = false;
  #timers = new Map<string, JobTimer>();
  /** The schedule each timer was armed with, so `sync` re-arms a job another process edited. */
  #armedAs = new Map<string, string>();
  #running = new Map<string, AbortController>();
  #claims: RunClaims;

  constructor(deps: CronDeps) {
    this.#deps = deps;
    this.#claims = deps.claims ?? new RunClaims(deps.db, processHolder(), () => deps.clock.now());
  }

  /** Arms every enabled job; `at` jobs whose time passed while closed run once now, marked late. */
  start(): () => Promise<void> {
    this.#started = true;
    for (const job of listCronJobs(this.#deps.db)) {
      if (!job.enabled) continue;
      if (job.schedule.kind === 'at' && job.schedule.atMs <= this.#deps.clock.now()) {
        void this.#onFire(job.id, job.schedule.atMs, true);
      } else {
        this.#arm(job);
      }
    }
    this.#changed();
    return () => this.stop();
  }

  /** Disarms all timers and cancels runs in progress. */
  async stop(): Promise<void> {
    this.#started = false;
    const timers = [...this.#timers.values()];
    this.#timers.clear();
    this.#armedAs.clear();
    for (const controller of this.#running.values()) controller.abort();
    for (const timer of timers) timer.stop();
    clearPublishedDue(this.#deps.db, 'cron:');
  }

  /** Jobs another process added, removed, paused or resumed: arm what is new, disarm what went. */
  sync(): void {
    if (!this.#started) return;
    const jobs = new Map(listCronJobs(this.#deps.db).map((job) => [job.id, job]));
    for (const id of [...this.#timers.keys()]) {
      const job = jobs.get(id);
      if (!job?.enabled || this.#armedAs.get(id) !== JSON.stringify(job.schedule)) this.#disarm(id);
    }
    for (const job of jobs.values()) {
      if (!job.enabled || this.#timers.has(job.id) || this.#running.has(job.id)) continue;
      if (job.schedule.kind === 'at' && job.schedule.atMs <= this.#deps.clock.now()) void this.#onFire(job.id, job.schedule.atMs, true);
      else this.#arm(job);
    }
    this.#changed();
  }

  /** Measures every timer again from the wall clock (after the machine slept): what came due fires once, late. */
  recheck(): void {
    for (const timer of this.#timers.values()) timer.recheck();
  }

  /** Validates and stores a job (and arms it when timers run here). Errors are the tool's exact messages. */
  add(input: CronAddInput): Result<CronJob, ServiceError<'invalid'>> {
    const fields = parseCronJobFields(input, this.#deps.config().agent.timezone);
    if (!fields.ok) return fields;
    const job: CronJob = {
      id: randomBytes(4).toString('hex'),
      ...fields.value,
      sessionKey: input.sessionKey,
      enabled: true,
      consecutiveErrors: 0,
      createdAt: this.#deps.clock.now(),
    };
    insertCronJob(this.#deps.db, job);
    if (this.#started) this.#arm(job);
    this.#changed();
    return okResult(job);
  }

  /** Changes a job's name, message and schedule in place (re-armed when enabled); its id and run history stay. */
  update(id: string, input: CronJobFields): Result<CronJobView, ServiceError<'invalid' | 'not_found'>> {
    const fields = parseCronJobFields(input, this.#deps.config().agent.timezone);
    if (!fields.ok) return fields;
    if (!updateCronJob(this.#deps.db, { id, ...fields.value })) return errResult(jobNotFound(id));
    this.#disarm(id);
    const job = getCronJob(this.#deps.db, id)!;
    if (job.enabled && this.#started) this.#arm(job);
    this.#changed();
    return okResult(this.#view(job));
  }

  /** Changes what is given and keeps the rest of the job (see `editedJobFields`): the CLI's and the tool's edit. */
  edit(id: string, changes: CronJobFields): Result<CronJobView, ServiceError<'invalid' | 'not_found'>> {
    const job = getCronJob(this.#deps.db, id);
    if (!job) return errResult(jobNotFound(id));
    return this.update(id, editedJobFields(job, changes));
  }

  /** Deletes a job (its timer first); a clear error when there is none. */
  async remove(id: string): Promise<Result<void, ServiceError<'not_found'>>> {
    if (!getCronJob(this.#deps.db, id)) return errResult(jobNotFound(id));
    this.#disarm(id);
    deleteCronJob(this.#deps.db, id);
    this.#claims.forget(claimKey(id));
    this.#changed();
    return okResult(undefined);
  }

  /** Pauses or resumes a job; resuming clears its error streak. */
  async setEnabled(id: string, enabled: boolean): Promise<Result<CronJobView, ServiceError<'not_found'>>> {
    if (!setCronJobEnabled(this.#deps.db, id, enabled)) return errResult(jobNotFound(id));
    this.#disarm(id);
    const job = getCronJob(this.#deps.db, id)!;
    if (enabled && this.#started) this.#arm(job);
    this.#changed();
    return okResult(this.#view(job));
  }

  /** Every job with its schedule text and next run. */
  list(): CronJobView[] {
    return listCronJobs(this.#deps.db).map((job) => this.#view(job));
  }

  /** Whether timers run in this process, and the jobs. */
  status(): CronStatus {
    return { started: this.#started, jobs: this.list() };
  }

  /** The job's last runs, newest first. */
  runs(id: string): CronRun[] {
    return listCronRuns(this.#deps.db, id);
  }

  /** Runs a job now, outside its schedule, in this process (once, whichever process asks; tests, "run now" buttons). */
  async runJobNow(id: string): Promise<Result<CronRun, ServiceError<'not_found'>>> {
    const job = getCronJob(this.#deps.db, id);
    if (!job) return errResult(jobNotFound(id));
    const startedAt = this.#deps.clock.now();
    const run = await this.#execute(job, { late: false, dueAt: undefined });
    return okResult(run ?? this.#record(job, { startedAt, status: 'skipped', late: false }));
  }

  #view(job: CronJob): CronJobView {
    const timer = this.#timers.get(job.id);
    const published = !timer && job.enabled && this.#deps.runsElsewhere?.() ? publishedNextDue(this.#deps.db, claimKey(job.id)) : null;
    return cronJobView(job, { nextRunAt: timer?.nextRunAt() ?? published, running: this.#running.has(job.id) });
  }

  /** Tells the other processes when the job is due next (they show it). */
  #publish(id: string): void {
    publishNextDue(this.#deps.db, claimKey(id), this.#timers.get(id)?.nextRunAt() ?? null);
  }

  #arm(job: CronJob): void {
    const timer = startJobTimer(job.schedule, this.#deps.clock, (dueAt, late) => {
      this.#publish(job.id);
      void this.#onFire(job.id, dueAt, late);
    });
    if (timer) {
      this.#timers.set(job.id, timer);
      this.#armedAs.set(job.id, JSON.stringify(job.schedule));
    }
    else if (job.schedule.kind === 'at') void this.#onFire(job.id, job.schedule.atMs, false);
    this.#publish(job.id);
  }

  #disarm(id: string): void {
    const timer = this.#timers.get(id);
    this.#timers.delete(id);
    this.#armedAs.delete(id);
    timer?.stop();
    if (timer) this.#publish(id);
  }

  async #onFire(id: string, dueAt: number, late: boolean): Promise<void> {
    const job = getCronJob(this.#deps.db, id);
    if (!job || !job.enabled) return;
    try {
      await this.#execute(job, { late, dueAt });
    } catch (err) {
      // A failure of the store (a busy or damaged database) must not stop the other jobs.
      console.error(`[cron] job ${id} could not run:`, errorMessage(err));
    }
  }

  /** One run: a turn in the job's session, its record, the notification, and the error-streak rule. */
  async #execute(job: CronJob, options: RunOptions): Promise<CronRun | undefined> {
    const { clock, runner } = this.#deps;
    const startedAt = clock.now();
    const busy = (): CronRun => this.#record(job, { startedAt, status: 'skipped', late: options.late });
    if (this.#running.has(job.id)) return busy();
    const claim = this.#claims.claim(claimKey(job.id), options.dueAt);
    if (claim === 'running') return busy();
    if (claim === 'already_run') {
      // Another process served this due time; an `at` job it ran (or was running when it stopped) is done.
      if (job.schedule.kind === 'at') this.#forgetAtJob(job.id);
      return undefined;
    }
    const controller = new AbortController();
    const runSession = cronRunSessionKey(job.id);
    this.#running.set(job.id, controller);
    // Recorded before it runs: a run whose process dies shows as interrupted, never as nothing.
    const runId = startCronRun(this.#deps.db, { jobId: job.id, startedAt, late: options.late, holder: this.#claims.self });
    this.#changed();
    let status: CronRunEnd = 'ok';
    let error: string | undefined;
    let answer = '';
    try {
      const result = await runner.run({
        sessionKey: runSession,
        text: `[Scheduled job '${job.name}'] ${job.message}`,
        interactive: false,
        source: 'cron',
        inCronRun: true,
        signal: controller.signal,
        extraSystem: cronTurnNote(job, options.late),
        title: `Scheduled: ${job.name}`,
      });
      if (result.stopReason === 'cancelled') {
        status = 'stopped';
      } else if (result.error || result.stopReason === 'error') {
        status = 'error';
        error = result.error ?? 'the turn failed';
      }
      answer = result.text.trim();
    } catch (err) {
      status = 'error';
      error = errorMessage(err);
    } finally {
      this.#running.delete(job.id);
      this.#claims.finish(claimKey(job.id));
    }
    const run = this.#finish(job, runId, { startedAt, status, error });
    // an `at` job is done once run, unless the user gave it another schedule meanwhile (an edit during the run)
    const now = job.schedule.kind === 'at' ? getCronJob(this.#deps.db, job.id) : undefined;
    if (job.schedule.kind === 'at' && (!now || JSON.stringify(now.schedule) === JSON.stringify(job.schedule))) this.#forgetAtJob(job.id);
    if (status === 'ok') {
      // The title is Nanotray's frame around the job's name: the agent chose the name, which must not pass for a
      // notice of Nanotray's own, such as an approval request.
      this.#notify(textRef(options.late ? 'notify.cronLate' : 'notify.cronRan', { job: job.name }), answer || textRef('notify.cronRanBody'), runSession, 'cron');
    }
    this.#changed();
    return run;
  }

  /** An `at` job runs once: its timer, row and claim go. */
  #forgetAtJob(id: string): void {
    this.#disarm(id);
    deleteCronJob(this.#deps.db, id);
    this.#claims.forget(claimKey(id));
    this.#changed();
  }

  /** A run that did not start (skipped): recorded whole. */
  #record(job: CronJob, r: { startedAt: number; status: CronRunStatus; error?: string | undefined; late: boolean }): CronRun {
    const durationMs = this.#deps.clock.now() - r.startedAt;
    const run = { jobId: job.id, startedAt: r.startedAt, durationMs, status: r.status, late: r.late, ...(r.error ? { error: r.error } : {}) };
    this.#afterRun(job, r.status, r.error, recordCronRun(this.#deps.db, run));
    return listCronRuns(this.#deps.db, job.id, 1)[0] ?? { id: 0, ...run };
  }

  /** Ends a started run, then the error-streak rule. */
  #finish(job: CronJob, runId: number, r: { startedAt: number; status: CronRunEnd; error?: string | undefined }): CronRun {
    const durationMs = this.#deps.clock.now() - r.startedAt;
    const streak = finishCronRun(this.#deps.db, runId, { status: r.status, durationMs, error: r.error });
    this.#afterRun(job, r.status, r.error, streak);
    const run = listCronRuns(this.#deps.db, job.id, CRON_RUNS_KEPT).find((x) => x.id === runId);
    return run ?? { id: runId, jobId: job.id, startedAt: r.startedAt, durationMs, status: r.status, late: false, ...(r.error ? { error: r.error } : {}) };
  }

  /** After a failed run: pause the job after MAX_CONSECUTIVE_ERRORS in a row, else say it failed. */
  #afterRun(job: CronJob, status: CronRunStatus, error: string | undefined, streak: number): void {
    if (status !== 'error') return;
    if (streak >= MAX_CONSECUTIVE_ERRORS && job.schedule.kind !== 'at') {
      setCronJobEnabled(this.#deps.db, job.id, false);
      this.#disarm(job.id);
      this.#notify(
        textRef('notify.cronPaused', { job: job.name }),
        textRef('notify.cronPausedBody', { count: streak, error: shortened(error ?? 'unknown error') }),
        cronRunSessionKey(job.id),
        'error',
      );
    } else {
      this.#notify(textRef('notify.cronFailed', { job: job.name }), error ?? 'unknown error', cronRunSessionKey(job.id), 'error');
    }
  }

  /** Runs left `running` by a process that died are marked interrupted (called when this process takes the lease). */
  markInterrupted(): number {
    const marked = markInterruptedRuns(this.#deps.db, this.#claims.self.holderId, isHolderAlive);
    if (marked > 0) this.#changed();
    return marked;
  }

  #notify(title: NoticePart, body: NoticePart, sessionKey: string, kind: 'cron' | 'error'): void {
    this.#deps.emit({ type: 'notify', ...noticeWords(title, typeof body === 'string' ? shortened(body) : body), sessionKey, kind });
  }

  #changed(): void {
    this.#deps.emit({ type: 'cron.changed' });
  }
}
