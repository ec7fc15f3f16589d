// Builds the heartbeat and cron services for the composition root, registers the cron tool, starts timers on request.
import type { CoreBase } from '../core-base';
import type { ToolRegistry } from '../tools/tool-registry';
import { CronService } from './cron-service';
import { createCronTool } from './cron.tool';
import { HeartbeatService } from './heartbeat-service';
import type { TurnRunner } from './turn-runner';

/** `core.heartbeat`: what the tray, runtime panel, `/heartbeat` and `nanotray heartbeat` use. */
export type HeartbeatApi = Pick<HeartbeatService, 'status' | 'runNow' | 'pause' | 'resume'>;

/** `core.cron`: what the runtime panel, `/cron` and `nanotray cron` use. Errors are the tool's messages. */
export type CronApi = Pick<CronService, 'list' | 'add' | 'remove' | 'status' | 'setEnabled' | 'runs' | 'runJobNow'>;

export interface SchedulerServices {
  heartbeat: HeartbeatApi;
  cron: CronApi;
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
 * browser host and `nanotray daemon`); one-shot CLI commands use the services without them.
 */
export function wireScheduler(base: CoreBase, deps: SchedulerDeps): SchedulerServices {
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
  base.onDispose(deps.tools.register(createCronTool(cron)));

  if (base.startBackground) {
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
  return { heartbeat, cron };
}
