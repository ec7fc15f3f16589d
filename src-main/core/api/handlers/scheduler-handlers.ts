// heartbeat:* and cron:* handlers over `core.heartbeat` and `core.cron` (status, pause/resume/run now, jobs).
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import type { CronJobView } from '../../scheduler/cron-service';
import type { CronScheduleInput } from '../../scheduler/cron-schedule';
import type { CronSchedule } from '../../../../src-preload/contract/scheduler-schemas';
import { errorMessage } from '../../lib/result';
import { ipcError, ipcFail, ipcOk } from '../ipc-values';

type SchedulerHandlers = Pick<
  InvokeHandlers,
  | 'heartbeat:status'
  | 'heartbeat:pause'
  | 'heartbeat:resume'
  | 'heartbeat:run-now'
  | 'cron:list'
  | 'cron:add'
  | 'cron:update'
  | 'cron:remove'
  | 'cron:set-enabled'
  | 'cron:run-now'
>;

/** The window's schedule as the tool's parameters (what the core validates). */
function scheduleInput(schedule: CronSchedule): CronScheduleInput {
  if (schedule.kind === 'every') return { every_seconds: schedule.everySeconds };
  if (schedule.kind === 'cron') return { cron_expr: schedule.expr, ...(schedule.tz ? { tz: schedule.tz } : {}) };
  return { at: schedule.at };
}

export function createSchedulerHandlers(core: Core): SchedulerHandlers {
  const findJob = (id: string): CronJobView | undefined => core.cron.list().find((j) => j.id === id);
  return {
    async 'heartbeat:status'() {
      return ipcOk(core.heartbeat.status());
    },
    async 'heartbeat:pause'() {
      return ipcOk(core.heartbeat.pause());
    },
    async 'heartbeat:resume'() {
      return ipcOk(core.heartbeat.resume());
    },
    async 'heartbeat:run-now'() {
      try {
        return ipcOk(await core.heartbeat.runNow());
      } catch (err) {
        return ipcFail('unavailable', `The heartbeat could not run: ${errorMessage(err)}`);
      }
    },

    async 'cron:list'() {
      return ipcOk({ jobs: core.cron.list() });
    },

    async 'cron:add'({ name, message, schedule, sessionKey }) {
      const added = core.cron.add({ ...scheduleInput(schedule), name, message, sessionKey: sessionKey ?? 'desktop:cron' });
      if (!added.ok) return ipcError(added.error);
      const view = findJob(added.value.id);
      return view ? ipcOk(view) : ipcFail('internal', 'The new job was not found after adding it.');
    },

    async 'cron:update'({ id, name, message, schedule }) {
      const updated = core.cron.update(id, { ...scheduleInput(schedule), name, message });
      if (!updated.ok) return ipcError(updated.error);
      return ipcOk(updated.value);
    },

    async 'cron:remove'({ id }) {
      const removed = await core.cron.remove(id);
      if (!removed.ok) return ipcError(removed.error);
      return ipcOk({ removed: true });
    },

    async 'cron:set-enabled'({ id, enabled }) {
      const changed = await core.cron.setEnabled(id, enabled);
      if (!changed.ok) return ipcError(changed.error);
      return ipcOk(changed.value);
    },

    async 'cron:run-now'({ id }) {
      const ran = await core.cron.runJobNow(id);
      if (!ran.ok) return ipcError(ran.error);
      const r = ran.value;
      return ipcOk({ status: r.status, durationMs: r.durationMs, ...(r.error ? { error: r.error } : {}) });
    },
  };
}
