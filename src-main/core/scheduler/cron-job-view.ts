// A stored cron job as every host shows it: the contract's shape (scheduler-schemas `cronJobSchema`), with what only
// the running service knows (next run, running now) passed in.
import type { CronJob as CronJobShown } from '../../../src-preload/contract/scheduler-schemas';
import type { CronJob } from '../store/cron-jobs.repo';
import { describeSchedule, scheduleView } from './cron-schedule';

export type CronJobView = CronJobShown;

/** `nextRunAt`: the next fire time (epoch ms), null when paused or not scheduled anywhere. */
export function cronJobView(job: CronJob, live: { nextRunAt: number | null; running: boolean }): CronJobView {
  return {
    id: job.id,
    name: job.name,
    sessionKey: job.sessionKey,
    message: job.message,
    schedule: scheduleView(job.schedule),
    enabled: job.enabled,
    lastStatus: job.lastStatus ?? null,
    lastError: job.lastError ?? null,
    lastRunAt: job.lastRunAt ?? null,
    nextRunAt: live.nextRunAt,
    consecutiveErrors: job.consecutiveErrors,
    createdAt: job.createdAt,
    scheduleText: describeSchedule(job.schedule),
    running: live.running,
  };
}
