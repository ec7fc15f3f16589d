// Which process runs heartbeat and cron for a home, as every process and host shows it.
import { hostLabel, type HostKind } from '../lib/host-kind';
import type { LeaseHolder } from '../store/scheduler-lease.repo';

export interface SchedulerOwner {
  /** True when it is this process. */
  here: boolean;
  host: HostKind;
  /** `desktop app`, `nanotray web`, `nanotray daemon`. */
  label: string;
  pid: number;
  since: number;
}

/** The holder as a view for `self` (the asking process's holder id). */
export function schedulerOwnerOf(holder: LeaseHolder | undefined, selfId: string): SchedulerOwner | undefined {
  if (!holder) return undefined;
  return { here: holder.holderId === selfId, host: holder.host, label: hostLabel(holder.host), pid: holder.pid, since: holder.acquiredAt };
}

/** `heartbeat and cron run in nanotray daemon (pid 4242)`, or that none runs them. */
export function describeSchedulerOwner(owner: Pick<SchedulerOwner, 'here' | 'label' | 'pid'> | null | undefined): string {
  if (!owner) return 'no process runs heartbeat and cron now (start the desktop app, `nanotray web` or `nanotray daemon`)';
  return `heartbeat and cron run in ${owner.here ? 'this process' : owner.label} (pid ${owner.pid})`;
}
