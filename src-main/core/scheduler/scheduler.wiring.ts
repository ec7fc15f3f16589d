// Builds the heartbeat and cron services for the composition root, registers the cron tool, and — in hosts
// that run timers — competes for the scheduler lease: only its holder arms heartbeat and cron.
import type { CoreBase } from '../base/core-base';
import type { ToolRegistry } from '../tools/tool-registry';
import { CronService } from './cron-service';
import { createCronTool } from './cron.tool';
import { HeartbeatService } from './heartbeat-service';
import { processHolder, RunClaims } from './run-claims';
import { liveLeaseHolder, SchedulerLease } from './scheduler-lease';
import { schedulerOwnerOf, type SchedulerOwner } from './scheduler-owner';
import { startSuspendWatch } from './suspend-watch';
import { watchStoreChanges } from './store-changes';
import { dataVersion } from '../store/scheduler-state.repo';
import type { TurnRunner } from './turn-runner';
import { startDailyBackup } from '../store/daily-backup';
import { homeDatabasePaths } from '../store/home-database';

/** `core.heartbeat`: what the tray, runtime panel, `/heartbeat` and `nanotray heartbeat` use. */
export type HeartbeatApi = Pick<HeartbeatService, 'status' | 'runNow' | 'pause' | 'resume'>;

/** `core.cron`: what the runtime panel, `/cron` and `nanotray cron` use. Errors are the tool's messages. */
export type CronApi = Pick<CronService, 'list' | 'add' | 'update' | 'edit' | 'remove' | 'status' | 'setEnabled' | 'runs' | 'runJobNow'>;

/** `core.scheduler`: who runs the timers, and the resume signal of hosts that have one. */
export interface SchedulerApi {
  /** The process running heartbeat and cron for this home (this one or another), or undefined when none does. */
  owner(): SchedulerOwner | undefined;
  /** The machine woke from sleep (Electron's powerMonitor `resume`): due times that passed fire now, once. */
  resumed(): void;
}

export interface SchedulerServices {
  heartbeat: HeartbeatApi;
  cron: CronApi;
  scheduler: SchedulerApi;
}

export interface SchedulerDeps {
  /** The session runner (`core.sessions`). */
  runner: TurnRunner;
  /** Where the `cron` tool is registered. */
  tools: ToolRegistry;
  /** False when the agent's model has no configured provider (the heartbeat then skips with that reason). */
  hasProvider(): boolean;
}

/**
 * Builds both services and the `cron` tool. Timers start only with `base.startBackground` (the app, the
 * browser host and `nanotray daemon`), and there only once this process holds the scheduler lease (tried first
 * just after the host's tray is up, `base.afterStart`: `core.started` resolves after that try); one-shot
 * CLI commands use the services without them. Every process claims each run in the database.
 */
export function wireScheduler(base: CoreBase, deps: SchedulerDeps): SchedulerServices {
  const emit = base.events.emit.bind(base.events);
  const self = processHolder();
  const claims = new RunClaims(base.db, self, () => base.clock.now());
  let lease: SchedulerLease | undefined;
  const owner = (): SchedulerOwner | undefined => schedulerOwnerOf(lease ? lease.holder() : liveLeaseHolder(base.db), self.holderId);

  const heartbeat = new HeartbeatService({
    db: base.db,
    clock: base.clock,
    runner: deps.runner,
    emit,
    config: () => base.config(),
    workspace: () => base.workspace(),
    hasProvider: deps.hasProvider,
    claims,
    schedulerOwner: owner,
  });
  const runsElsewhere = (): boolean => {
    const o = owner();
    return o !== undefined && !o.here;
  };
  const cron = new CronService({ db: base.db, clock: base.clock, runner: deps.runner, emit, config: () => base.config(), claims, runsElsewhere });
  base.onDispose(deps.tools.register(createCronTool(cron)));
  const resumed = (): void => {
    heartbeat.recheck();
    cron.recheck();
  };

  if (base.startBackground) {
    let stopWatch: (() => void) | undefined;
    let stopBackups: (() => Promise<void>) | undefined;
    lease = new SchedulerLease({
      db: base.db,
      lockFile: base.paths.schedulerLock,
      clock: base.clock,
      host: base.host,
      self,
      onAcquired: () => {
        // Runs the previous owner left unfinished (it died) are marked interrupted before anything runs again.
        cron.markInterrupted();
        heartbeat.start();
        cron.start();
        // One process per home keeps the database's daily backup: this one (see store/db-backup.ts).
        stopBackups = startDailyBackup(base.db, homeDatabasePaths(base.paths.home).backupsDir, base.clock, (err) =>
          console.error('[backup] the database backup failed:', err instanceof Error ? err.message : String(err)),
        );
        // Jobs added and pauses made in the other processes of this home reach the timers here.
        let seen = dataVersion(base.db);
        stopWatch = watchStoreChanges({
          dbFile: base.paths.dbFile,
          clock: base.clock,
          changedElsewhere: () => seen !== (seen = dataVersion(base.db)),
          onChange: () => {
            heartbeat.sync();
            cron.sync();
          },
        });
        emit({ type: 'heartbeat.changed' });
        emit({ type: 'cron.changed' });
      },
      onProblem: (message) => console.error(`[scheduler] ${message}`),
    });
    const heldLease = lease;
    // Last in, first out: timers stop before the lease goes, so a successor never overlaps this process.
    base.onDispose(() => heldLease.release());
    base.onDispose(async () => {
      stopWatch?.();
      heartbeat.stop();
      await Promise.all([cron.stop(), stopBackups?.()]);
    });
    // The lease (a lock file and a database write, then the timers) is taken just after the host's tray is up.
    // A job already due runs then: its turn goes through the approval gate, which exists before this runs.
    base.afterStart('the scheduler lease', () => heldLease.start());
    // The desktop shell reports sleep through powerMonitor; the other hosts look at the clocks now and then.
    if (base.host !== 'electron') base.onDispose(startSuspendWatch(base.clock, resumed));
    base.onDispose(
      base.events.on((event) => {
        if (event.type === 'config.changed' && heldLease.isOwner()) heartbeat.reschedule();
      }),
    );
  } else {
    base.onDispose(() => cron.stop());
  }
  return { heartbeat, cron, scheduler: { owner, resumed } };
}
