// `nanotray daemon`: runs the heartbeat and cron jobs without a window until stopped, printing notifications
// as they happen. When another process holds the scheduler lease it waits, says so, and takes over later.
import { createCore, type Core } from '../../../core/nanotray-core';
import { formatZoned, resolveTimeZone } from '../../../core/lib/zoned-time';
import { errorMessage } from '../../../core/lib/result';
import { write, type CliCommand, type CliIo } from '../cli-command';
import { keepAlive } from '../keep-alive';
import { announceTakeover, waitingLine } from '../scheduler-notes';
import { stopOptimizingCompilers } from '../optimizing-compilers';
import { stopYoungGenerationGrowth } from '../young-generation';
import { describeRepair } from '../../../core/store/home-database';

const USAGE = `Usage: nanotray daemon

Runs the heartbeat and the cron jobs of $NANOTRAY_HOME until interrupted (Ctrl-C, SIGINT, SIGTERM or SIGHUP).
Each notification is printed to stdout as one line: "<time> [<kind>] <title>: <body>".
One process per home runs them: when the desktop app or \`nanotray web\` already does, the daemon waits
and takes over within seconds of that process ending.`;

/**
 * Resolves on the first SIGINT/SIGTERM/SIGHUP (or when `signal` aborts, for tests); disposing the core then stores
 * the turns that run as stopped (a closed terminal is a stop too, not a kill).
 */
function untilStopped(signal?: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', onHup);
      signal?.removeEventListener('abort', onAbort);
      resolve(why);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const onHup = () => done('SIGHUP');
    const onAbort = () => done('stop');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    process.on('SIGHUP', onHup);
    if (signal?.aborted) done('stop');
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The state line: what runs here and when, or which process runs it instead. */
function stateLine(core: Core): string {
  const jobs = `${core.cron.list().length} cron job(s)`;
  const waiting = waitingLine(core, 'this daemon');
  if (waiting) return `${waiting} (${jobs})`;
  const hb = core.heartbeat.status();
  const tz = resolveTimeZone(core.config().agent.timezone);
  const next = hb.nextRunAt ? `next heartbeat ${formatZoned(hb.nextRunAt, tz)}` : `heartbeat ${hb.state}`;
  return `running (${next}; ${jobs})`;
}

/** Errors nobody awaited are reported and the daemon goes on: one bad run must not end the schedule. */
function reportStrayErrors(io: CliIo): () => void {
  const report = (err: unknown): void => write(io.stderr, `nanotray daemon: unexpected error (still running): ${errorMessage(err)}`);
  process.on('unhandledRejection', report);
  return () => process.off('unhandledRejection', report);
}

/** The daemon loop; `stop` lets tests end it without a signal. */
export async function runDaemon(io: CliIo, stop?: AbortSignal): Promise<number> {
  const created = createCore({ host: 'daemon', env: io.env, startBackground: true });
  if (!created.ok) {
    write(io.stderr, `nanotray daemon: ${created.error}`);
    return 1;
  }
  const core = created.value;
  if (core.databaseRepair) write(io.stderr, `nanotray daemon: ${describeRepair(core.databaseRepair)}`);
  // The scheduler lease is tried just after createCore: what this command says first depends on its answer.
  await core.started;
  const tz = () => resolveTimeZone(core.config().agent.timezone);
  const unreport = reportStrayErrors(io);
  // Timers never hold the process open (so one-shot commands end); the daemon holds it until stopped.
  const release = keepAlive();
  const unannounce = announceTakeover(core, io, 'nanotray daemon', () => stateLine(core));
  const off = core.events.on((event) => {
    if (event.type !== 'notify') return;
    const body = event.body.replace(/\s*\n\s*/g, ' ');
    write(io.stdout, `${formatZoned(core.clock.now(), tz(), true)} [${event.kind}] ${event.title}: ${body}`);
  });
  write(io.stderr, `nanotray daemon: ${stateLine(core)}. Ctrl-C to stop.`);
  const why = await untilStopped(stop);
  off();
  unannounce();
  await core.dispose();
  release();
  unreport();
  write(io.stderr, `nanotray daemon: stopped (${why}).`);
  return 0;
}

export const daemonCommand: CliCommand = {
  name: 'daemon',
  summary: 'Run the heartbeat and cron jobs without a window; print notifications to stdout',
  usage: USAGE,
  run: (_args, io) => {
    // The daemon process only (runDaemon also runs inside tests): it runs for days, see young-generation.ts and
    // optimizing-compilers.ts.
    stopYoungGenerationGrowth();
    stopOptimizingCompilers();
    return runDaemon(io);
  },
};
