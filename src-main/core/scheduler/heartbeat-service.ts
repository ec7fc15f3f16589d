// The heartbeat: wakes the agent on an interval, runs HEARTBEAT.md's active tasks, and records every tick.
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { HeartbeatReason, HeartbeatState, HeartbeatStatus } from '../../../src-preload/contract/scheduler-schemas';
import type { Clock } from '../lib/clock';
import { errorMessage } from '../lib/result';
import type { Database } from '../store/db';
import { parseActiveTasks, readHeartbeatFile } from './heartbeat-tasks';
import { withinActiveHours } from './active-hours';
import { classifyHeartbeatReply } from './heartbeat-reply';
import { heartbeatPrompt, HEARTBEAT_SYSTEM_NOTE } from './heartbeat-prompt';
import {
  finishHeartbeatRun,
  heartbeatTokensSince,
  insertHeartbeatRun,
  listHeartbeatRuns,
  type HeartbeatOutcome,
  type HeartbeatRun,
} from '../store/heartbeat-runs.repo';
import { deliverHeartbeatReply, heartbeatFailureNotice, HEARTBEAT_QUIET_TURN, HEARTBEAT_SESSION_KEY, trimHeartbeatSession } from './heartbeat-session';
import type { TurnRunner } from './turn-runner';
import { sleepUntil, type DueTimer } from './due-timer';
import { isHeartbeatPaused, publishedNextDue, publishNextDue, setHeartbeatPaused } from '../store/scheduler-state.repo';
import { processHolder, RunClaims } from './run-claims';
import type { SchedulerOwner } from './scheduler-owner';
import { formatZoned, resolveTimeZone, startOfZonedDay } from '../lib/zoned-time';

export interface HeartbeatDeps {
  db: Database;
  clock: Clock;
  runner: TurnRunner;
  emit(event: CoreEvent): void;
  config(): Config;
  /** Real path of the workspace holding HEARTBEAT.md. */
  workspace(): string;
  /** False when no provider is configured for the agent's model. */
  hasProvider(): boolean;
  /** Where runs are claimed (default: this database, as a process of its own). */
  claims?: RunClaims;
  /** Which process runs heartbeat and cron for this home (shown by every process). */
  schedulerOwner?(): SchedulerOwner | undefined;
}

export type { HeartbeatState, HeartbeatStatus } from '../../../src-preload/contract/scheduler-schemas';

/** How long a tick that found the user mid-turn waits before trying again. */
export const BUSY_RETRY_MS = 60_000;
const CLAIM_KEY = 'heartbeat';

export class HeartbeatService {
  #deps: HeartbeatDeps;
  #started = false;
  #timer: DueTimer | undefined;
  #current: AbortController | undefined;
  #claims: RunClaims;

  constructor(deps: HeartbeatDeps) {
    this.#deps = deps;
    this.#claims = deps.claims ?? new RunClaims(deps.db, processHolder(), () => deps.clock.now());
  }

  /**
   * Arms the timer (when enabled). The cadence goes on from the last recorded tick, so a process taking
   * over from one that ended keeps its rhythm; a tick overdue by then waits one interval from now.
   * Returns a disposer that stops it.
   */
  start(): () => void {
    this.#started = true;
    const now = this.#deps.clock.now();
    const last = listHeartbeatRuns(this.#deps.db, 1)[0];
    const cadence = last ? last.startedAt + this.#intervalMs() : 0;
    this.#armAt(cadence > now ? cadence : now + this.#intervalMs());
    return () => this.stop();
  }

  /** Measures the timer again from the wall clock (after the machine slept): a tick that came due runs now, once. */
  recheck(): void {
    this.#timer?.recheck();
  }

  /** Another process paused or resumed the heartbeat: the timer here follows. */
  sync(): void {
    if (!this.#started) return;
    if (this.#paused) this.#disarm();
    else if (!this.#timer) this.#armIn(this.#intervalMs());
  }

  /** Disarms the timer and cancels a run in progress. */
  stop(): void {
    this.#disarm();
    this.#started = false;
    this.#current?.abort();
  }

  /** The pause is shared by every process of the home (the one running the timer may be another). */
  get #paused(): boolean {
    return isHeartbeatPaused(this.#deps.db);
  }

  /** Stops the timer until `resume` (in whichever process runs it); answers the new status. */
  pause(): HeartbeatStatus {
    setHeartbeatPaused(this.#deps.db, true);
    this.#disarm();
    this.#changed();
    return this.status();
  }

  /** Starts the timer again (when timers run in this process); answers the new status. */
  resume(): HeartbeatStatus {
    setHeartbeatPaused(this.#deps.db, false);
    if (this.#started) this.#armIn(this.#intervalMs());
    this.#changed();
    return this.status();
  }

  /** Re-reads the config (interval, enable) and re-arms the timer from now. */
  reschedule(): void {
    if (this.#started && !this.#paused) this.#armIn(this.#intervalMs());
  }

  /** One tick now, whatever the timer, pause state or active hours say (budget, overlap and provider still apply). */
  runNow(): Promise<HeartbeatRun> {
    return this.tick({ manual: true });
  }

  /** State, next due time, today's tokens and the last runs, in the agent's time zone. */
  status(): HeartbeatStatus {
    const config = this.#deps.config();
    const tz = resolveTimeZone(config.agent.timezone);
    const enabled = config.heartbeat.enable;
    const runsIn = this.#deps.schedulerOwner?.();
    const paused = this.#paused;
    // Another process runs the timer: the heartbeat is as idle as it is there, and due when it published.
    const elsewhere = runsIn !== undefined && !runsIn.here;
    const state: HeartbeatState = this.#current
      ? 'running'
      : !enabled
        ? 'disabled'
        : paused
          ? 'paused'
          : this.#started || elsewhere
            ? 'idle'
            : 'stopped';
    const recentRuns = listHeartbeatRuns(this.#deps.db, 10);
    return {
      state,
      enabled,
      paused,
      running: state === 'running',
      intervalMinutes: config.heartbeat.intervalMinutes,
      nextRunAt: this.#timer?.dueAt ?? (elsewhere && !paused && enabled ? publishedNextDue(this.#deps.db, CLAIM_KEY) : null),
      lastRun: recentRuns[0] ?? null,
      tokensToday: this.#tokensToday(tz),
      dailyTokenBudget: config.heartbeat.dailyTokenBudget,
      ...(config.heartbeat.activeHours ? { activeHours: config.heartbeat.activeHours } : {}),
      timeZone: tz,
      recentRuns,
      runsIn: runsIn ? { here: runsIn.here, label: runsIn.label, pid: runsIn.pid } : null,
    };
  }

  /**
   * One heartbeat tick: checks, maybe one agent turn, and always one heartbeat_runs row. `dueAt` is the due
   * time a timer serves (none for a manual tick); a due time runs once, and never while another process runs one.
   */
  async tick(options: { manual?: boolean; dueAt?: number } = {}): Promise<HeartbeatRun> {
    const { clock, config: getConfig } = this.#deps;
    const startedAt = clock.now();
    const config = getConfig();
    const tz = resolveTimeZone(config.agent.timezone);

    if (this.#current) return this.#skip(startedAt, { code: 'overlap' });
    const hours = config.heartbeat.activeHours;
    if (!options.manual && hours && !withinActiveHours(startedAt, hours, tz)) {
      return this.#skip(startedAt, { code: 'outside_active_hours', start: hours.start, end: hours.end, timeZone: tz });
    }
    const markdown = readHeartbeatFile(this.#deps.workspace());
    if (markdown === undefined) return this.#skip(startedAt, { code: 'no_heartbeat_file' });
    const tasks = parseActiveTasks(markdown);
    if (tasks.length === 0) return this.#skip(startedAt, { code: 'no_active_tasks' });
    const budget = config.heartbeat.dailyTokenBudget;
    const spent = this.#tokensToday(tz);
    if (budget > 0 && spent >= budget) {
      return this.#skip(startedAt, { code: 'budget_spent', spent, budget });
    }
    if (!this.#deps.hasProvider()) return this.#skip(startedAt, { code: 'no_provider' });
    if (this.#deps.runner.isBusy()) {
      const run = this.#skip(startedAt, { code: 'user_busy' });
      if (!options.manual && this.#started && !this.#paused) this.#armIn(Math.min(BUSY_RETRY_MS, this.#intervalMs()));
      return run;
    }
    if (this.#claims.claim(CLAIM_KEY, options.dueAt) !== 'claimed') return this.#skip(startedAt, { code: 'overlap' });
    try {
      return await this.#run(startedAt, tasks, tz);
    } finally {
      this.#claims.finish(CLAIM_KEY);
    }
  }

  async #run(startedAt: number, tasks: string[], tz: string): Promise<HeartbeatRun> {
    const { db, clock, runner } = this.#deps;
    const controller = new AbortController();
    this.#current = controller;
    const row = insertHeartbeatRun(db, { startedAt, durationMs: 0, outcome: 'ran', reason: { code: 'none' }, tokens: 0, message: '' });
    this.#changed();
    let outcome: HeartbeatOutcome = 'ran';
    let reason: HeartbeatReason = { code: 'none' };
    let message = '';
    let tokens = 0;
    try {
      const result = await runner.run({
        sessionKey: HEARTBEAT_SESSION_KEY,
        text: heartbeatPrompt(tasks, formatZoned(startedAt, tz), tz),
        interactive: false,
        source: 'heartbeat',
        signal: controller.signal,
        extraSystem: HEARTBEAT_SYSTEM_NOTE,
        quiet: HEARTBEAT_QUIET_TURN,
        title: 'Heartbeat',
      });
      tokens = result.usage.totalTokens;
      if (result.error || result.stopReason === 'error' || result.stopReason === 'cancelled') {
        outcome = 'failed';
        reason = result.stopReason === 'cancelled' && !result.error ? { code: 'cancelled' } : { code: 'turn_failed' };
        message = result.error ?? '';
        // A run cancelled because the app is stopping is recorded, not announced.
        if (result.stopReason !== 'cancelled') this.#deps.emit(heartbeatFailureNotice(message));
      } else {
        const reply = classifyHeartbeatReply(result.text);
        if (reply.kind === 'silent') {
          outcome = 'silent';
          reason = { code: 'nothing_to_report' };
        } else if (reply.kind === 'empty') {
          reason = result.stopReason === 'completed' ? { code: 'empty_reply' } : { code: 'stopped', stopReason: result.stopReason };
        } else {
          outcome = 'notified';
          message = reply.text;
          deliverHeartbeatReply(this.#deps, { turnId: result.turnId, text: reply.text });
        }
      }
    } catch (err) {
      outcome = 'failed';
      reason = { code: 'turn_failed' };
      message = errorMessage(err);
      this.#deps.emit(heartbeatFailureNotice(message));
    } finally {
      this.#current = undefined;
    }
    trimHeartbeatSession(db);
    // The session was trimmed after the turn: views showing it reload from the store.
    this.#deps.emit({ type: 'session.changed', sessionKey: HEARTBEAT_SESSION_KEY, change: 'updated' });
    const finished: HeartbeatRun = { ...row, durationMs: clock.now() - startedAt, outcome, reason, tokens, message };
    finishHeartbeatRun(db, finished);
    this.#changed();
    return finished;
  }

  #skip(startedAt: number, reason: HeartbeatReason): HeartbeatRun {
    const run = insertHeartbeatRun(this.#deps.db, {
      startedAt,
      durationMs: this.#deps.clock.now() - startedAt,
      outcome: 'skipped',
      reason,
      tokens: 0,
      message: '',
    });
    this.#changed();
    return run;
  }

  #tokensToday(tz: string): number {
    return heartbeatTokensSince(this.#deps.db, startOfZonedDay(this.#deps.clock.now(), tz));
  }

  #intervalMs(): number {
    return Math.max(1, this.#deps.config().heartbeat.intervalMinutes) * 60_000;
  }

  #armIn(delayMs: number): void {
    this.#armAt(this.#deps.clock.now() + delayMs);
  }

  #armAt(dueAt: number): void {
    this.#disarm();
    if (!this.#started || this.#paused || !this.#deps.config().heartbeat.enable) {
      this.#changed();
      return;
    }
    this.#timer = sleepUntil(this.#deps.clock, dueAt, () => {
      this.#timer = undefined;
      // Paused in another process since: no tick, no timer until it resumes.
      if (this.#paused) return;
      // Arm the next tick first, so a long run never delays the schedule (an overlapping tick is skipped).
      this.#armIn(this.#intervalMs());
      void this.tick({ dueAt }).catch((err) => console.error('[heartbeat] tick failed:', errorMessage(err)));
    });
    publishNextDue(this.#deps.db, CLAIM_KEY, dueAt);
    this.#changed();
  }

  #disarm(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    if (this.#started) publishNextDue(this.#deps.db, CLAIM_KEY, null);
  }

  #changed(): void {
    this.#deps.emit({ type: 'heartbeat.changed' });
  }
}
