// `nanotray heartbeat run|status`: one heartbeat tick now, or the last runs and the next due time.
import { formatHeartbeatRun, formatHeartbeatStatus } from '../../../core/scheduler/scheduler-text';
import { write, type CliCommand } from '../cli-command';
import { openCliCore } from './cli-core';

const USAGE = `Usage: nanotray heartbeat <run|status>

  run      Run one heartbeat tick now and print its outcome (ran, silent, notified, skipped or failed),
           the reason and the tokens used. Exits 1 when the run failed.
  status   Show the state, the next due time, today's tokens and the last runs.`;

export const heartbeatCommand: CliCommand = {
  name: 'heartbeat',
  summary: 'Run one heartbeat tick now, or show the last runs and the next due time',
  usage: USAGE,
  async run(args, io) {
    const action = args[0] ?? 'status';
    if (action !== 'run' && action !== 'status') {
      write(io.stderr, `nanotray heartbeat: unknown action '${action}'. Use 'run' or 'status'.`);
      return 2;
    }
    const core = openCliCore(io, 'heartbeat');
    if (!core) return 1;
    try {
      if (action === 'status') {
        write(io.stdout, formatHeartbeatStatus(core.heartbeat.status(), 10));
        return 0;
      }
      const run = await core.heartbeat.runNow();
      write(io.stdout, `heartbeat: ${formatHeartbeatRun(run)}`);
      return run.outcome === 'failed' ? 1 : 0;
    } finally {
      await core.dispose();
    }
  },
};
