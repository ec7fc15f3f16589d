// Adapters from core.heartbeat / core.cron to the text ports the slash commands (/heartbeat, /cron) use.
import type { CronPort, HeartbeatPort } from '../commands/command-services';
import type { CronApi, HeartbeatApi } from './install-scheduler';
import { formatHeartbeatRun, formatHeartbeatStatus } from './scheduler-text';

export function heartbeatCommandPort(heartbeat: HeartbeatApi): HeartbeatPort {
  return {
    status: () => formatHeartbeatStatus(heartbeat.status()),
    runNow: async () => `Heartbeat ${formatHeartbeatRun(await heartbeat.runNow())}`,
    pause: () => `Heartbeat paused.\n${formatHeartbeatStatus(heartbeat.pause(), 0)}`,
    resume: () => `Heartbeat resumed.\n${formatHeartbeatStatus(heartbeat.resume(), 0)}`,
  };
}

export function cronCommandPort(cron: CronApi): CronPort {
  return {
    list: () =>
      cron.list().map((job) => ({
        id: job.id,
        name: job.name,
        schedule: job.scheduleText,
        enabled: job.enabled,
        ...(job.nextRunAt ? { nextRunAt: job.nextRunAt } : {}),
      })),
    remove: (id) => cron.remove(id),
  };
}
