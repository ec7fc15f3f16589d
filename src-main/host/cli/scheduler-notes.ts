// What a long-running command (daemon, web) says about the scheduler lease: whether heartbeat and cron run in
// it or in another process, and the moment it takes them over.
import type { Core } from '../../core/nanotray-core';
import { describeSchedulerOwner } from '../../core/scheduler/scheduler-owner';
import { write, type CliIo } from './cli-command';

/** `waiting: heartbeat and cron run in desktop app (pid 42); … takes over when it stops`, or undefined when here. */
export function waitingLine(core: Core, who: string): string | undefined {
  const owner = core.scheduler.owner();
  if (owner?.here) return undefined;
  return `waiting: ${describeSchedulerOwner(owner)}; ${who} takes over when it stops`;
}

/** Prints `<command>: took over heartbeat and cron; <state>` when this process gets the lease. Returns the disposer. */
export function announceTakeover(core: Core, io: CliIo, command: string, state: () => string): () => void {
  let here = core.scheduler.owner()?.here === true;
  return core.events.on((event) => {
    if (event.type !== 'heartbeat.changed' || here || !core.scheduler.owner()?.here) return;
    here = true;
    write(io.stderr, `${command}: took over heartbeat and cron; ${state()}.`);
  });
}
