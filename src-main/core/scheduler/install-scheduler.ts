// Installs the heartbeat and cron services into the core, registers the cron tool, and starts timers on request.
import type { CoreBase } from '../nanotray-core';
import type { Result } from '../lib/result';
import { CronService, type CronAddInput, type CronJobView, type CronStatus } from './cron-service';
import type { CronJob, CronRun } from '../store/cron-jobs.repo';
import { createCronTool } from './cron.tool';
import { HeartbeatService, type HeartbeatStatus } from './heartbeat-service';
import type { HeartbeatRun } from '../store/heartbeat-runs.repo';
import type { TurnRunner } from './turn-runner';

/** `core.heartbeat`: what the tray, runtime panel, `/heartbeat` and `nanotray heartbeat` use. */
export interface HeartbeatApi {
  status(): HeartbeatStatus;
  /** One tick now (ignores pause and active hours; budget, overlap and provider still apply). */
  runNow(): Promise<HeartbeatRun>;
  pause(): HeartbeatStatus;
  resume(): HeartbeatStatus;
}

/** `core.cron`: what the runtime panel, `/cron` and `nanotray cron` use. Errors are the tool's messages. */
export interface CronApi {
  list(): CronJobView[];
  add(input: CronAddInput): Result<CronJob>;
  remove(id: string): Promise<Result<void>>;
  status(): CronStatus;
  /** Pause (false) or resume (true) a job; resuming clears its error streak. */
  setEnabled(id: string, enabled: boolean): Promise<Result<CronJobView>>;
  /** A job's last runs (up to 20), newest first. */
  runs(id: string): CronRun[];
  /** Runs a job now, outside its schedule. */
  runJobNow(id: string): Promise<Result<CronRun>>;
}

export interface SchedulerFeature {
  heartbeat: HeartbeatApi;
  cron: CronApi;
}

export interface SchedulerDeps {
  /** The session runner (`core.sessions`). */
  runner: TurnRunner;
  /** False when the agent's model has no configured provider (the heartbeat then skips with that reason). */
  hasProvider(): boolean;
}

/**
 * Builds both services and the `cron` tool. Timers start only with `options.startBackground`
 * (the app, the browser host and `nanotray daemon`); one-shot CLI commands use the services without them.
 */
export function installScheduler(base: CoreBase, deps: SchedulerDeps): SchedulerFeature {
  const emit = base.events.emit.bind(base.events);
  const heartbeat = new HeartbeatService({
    db: base.db,
    clock: base.clock,
    runner: deps.runner,
    emit,
    config: () => base.config(),
    workspace: () => base.workspace(),
    hasProvider: deps.hasProvider,
  });
  const cron = new CronService({ db: base.db, clock: base.clock, runner: deps.runner, emit, config: () => base.config() });
  base.onDispose(base.tools.register(createCronTool(cron)));

  if (base.options.startBackground) {
    base.onDispose(heartbeat.start());
    base.onDispose(cron.start());
    base.onDispose(
      base.events.on((event) => {
        if (event.type === 'config.changed') heartbeat.reschedule();
      }),
    );
  } else {
    base.onDispose(() => cron.stop());
  }

  return {
    heartbeat: {
      status: () => heartbeat.status(),
      runNow: () => heartbeat.runNow(),
      pause: () => heartbeat.pause(),
      resume: () => heartbeat.resume(),
    },
    cron: {
      list: () => cron.list(),
      add: (input) => cron.add(input),
      remove: (id) => cron.remove(id),
      status: () => cron.status(),
      setEnabled: (id, enabled) => cron.setEnabled(id, enabled),
      runs: (id) => cron.runs(id),
      runJobNow: (id) => cron.runJobNow(id),
    },
  };
}
