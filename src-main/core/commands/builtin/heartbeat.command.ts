// /heartbeat [status|run|pause|resume]: look at or steer the heartbeat.
import { notAvailable } from '../command-services';
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
    if (!heartbeat) return { output: notAvailable('heartbeat', 'the heartbeat') };
    switch (args[0]?.toLowerCase() ?? 'status') {
      case 'run':
        return { output: await heartbeat.runNow() };
      case 'pause':
        return { output: await heartbeat.pause() };
      case 'resume':
        return { output: await heartbeat.resume() };
      default:
        return { output: await heartbeat.status() };
    }
  },
};
