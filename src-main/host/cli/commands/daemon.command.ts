// `nanotray daemon`: runs the heartbeat and cron jobs without a window, printing notifications as they happen.
import { createCore } from '../../../core/nanotray-core';
import { formatZoned, resolveTimeZone } from '../../../core/lib/zoned-time';
import { write, type CliCommand, type CliIo } from '../cli-command';

const USAGE = `Usage: nanotray daemon

Runs the heartbeat and the cron jobs of $NANOTRAY_HOME until interrupted (Ctrl-C, SIGINT or SIGTERM).
Each notification is printed to stdout as one line: "<time> [<kind>] <title>: <body>".`;

/** Resolves on the first SIGINT/SIGTERM (or when `signal` aborts, for tests). */
function untilStopped(signal?: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      signal?.removeEventListener('abort', onAbort);
      resolve(why);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const onAbort = () => done('stop');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    if (signal?.aborted) done('stop');
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The daemon loop; `stop` lets tests end it without a signal. */
export async function runDaemon(io: CliIo, stop?: AbortSignal): Promise<number> {
  const created = createCore({ host: 'daemon', env: io.env, startBackground: true });
  if (!created.ok) {
    write(io.stderr, `nanotray daemon: ${created.error}`);
    return 1;
  }
  const core = created.value;
  const tz = () => resolveTimeZone(core.config().agent.timezone);
  const off = core.events.on((event) => {
    if (event.type !== 'notify') return;
    const body = event.body.replace(/\s*\n\s*/g, ' ');
    write(io.stdout, `${formatZoned(core.clock.now(), tz(), true)} [${event.kind}] ${event.title}: ${body}`);
  });
  const hb = core.heartbeat.status();
  const next = hb.nextDueAt ? `next heartbeat ${formatZoned(hb.nextDueAt, tz())}` : `heartbeat ${hb.state}`;
  write(io.stderr, `nanotray daemon: running (${next}; ${core.cron.list().length} cron job(s)). Ctrl-C to stop.`);
  const why = await untilStopped(stop);
  off();
  await core.dispose();
  write(io.stderr, `nanotray daemon: stopped (${why}).`);
  return 0;
}

export const daemonCommand: CliCommand = {
  name: 'daemon',
  summary: 'Run the heartbeat and cron jobs without a window; print notifications to stdout',
  usage: USAGE,
  run: (_args, io) => runDaemon(io),
};
