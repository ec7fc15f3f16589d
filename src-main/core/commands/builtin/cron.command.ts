// /cron [list|remove <id>]: the scheduled jobs.
import { commandError, type SlashCommand } from '../slash-command';
import { formatUtcTimestamp } from '../../lib/zoned-time';

export const cronCommand: SlashCommand = {
  name: 'cron',
  summary: 'List or remove scheduled jobs',
  usage: '/cron [list|remove <id>]',
  subcommands: [
    { name: 'list', summary: 'Every scheduled job (default)' },
    { name: 'remove', summary: 'Delete a job by id' },
  ],
  completeArgs(args, services) {
    if (args.length === 1) return ['list', 'remove'];
    if (args.length !== 2 || args[0]?.toLowerCase() !== 'remove') return [];
    return services.cron.list().map((j) => j.id);
  },
  async run({ args, services }) {
    const cron = services.cron;
    if (args[0]?.toLowerCase() === 'remove') {
      const id = args[1];
      if (!id) return commandError('Error: usage: /cron remove <id>');
      const removed = await cron.remove(id);
      return removed.ok ? { output: `Removed cron job ${id}.` } : commandError(removed.error.message);
    }
    const jobs = cron.list();
    if (!jobs.length) return { output: 'No cron jobs.' };
    const lines = jobs.map((j) => {
      const next = j.enabled ? (j.nextRunAt ? `next ${formatUtcTimestamp(j.nextRunAt)}` : 'no next run') : 'disabled';
      return `  ${j.id}  ${j.scheduleText}  ${j.name}  (${next})`;
    });
    return { output: [`${jobs.length} cron job(s):`, ...lines].join('\n') };
  },
};
