// /heartbeat [status|run|pause|resume]: look at or steer the heartbeat.
import { formatHeartbeatRun, formatHeartbeatStatus } from '../../scheduler/scheduler-text';
import type { SlashCommand } from '../slash-command';

export const heartbeatCommand: SlashCommand = {
  name: 'heartbeat',
  summary: 'Heartbeat status, run it now, pause or resume it',
  usage: '/heartbeat [status|run|pause|resume]',
  subcommands: [
    { name: 'status', summary: 'When it last ran and runs next (default)' },
    { name: 'run', summary: 'Run one heartbeat now' },
    { name: 'pause', summary: 'Stop the timer until resumed' },
    { name: 'resume', summary: 'Start the timer again' },
  ],
  async run({ args, services }) {
    const heartbeat = services.heartbeat;
    switch (args[0]?.toLowerCase() ?? 'status') {
      case 'run':
        return { output: `Heartbeat ${formatHeartbeatRun(await heartbeat.runNow())}` };
      case 'pause':
        return { output: `Heartbeat paused.\n${formatHeartbeatStatus(heartbeat.pause(), 0)}` };
      case 'resume':
        return { output: `Heartbeat resumed.\n${formatHeartbeatStatus(heartbeat.resume(), 0)}` };
      default:
        return { output: formatHeartbeatStatus(heartbeat.status()) };
    }
  },
};
