// `nanotray web [--port N] [--open] [--host 127.0.0.1]`: the browser host — the built UI and the same API
// on loopback, for machines without the Electron binary or a display.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../../../core/nanotray-core';
import { startWebHost } from '../../web/web-host';
import { openFile, writeLauncher, type Launcher } from '../../web/browser-launcher';
import { newWebToken, readWebHostState, writeWebHostState } from '../../web/web-host-state';
import { flagString, parseArgs, write, type CliCommand, type CliIo } from '../cli-command';
import { announceTakeover, waitingLine } from '../scheduler-notes';
import { describeRepair } from '../../../core/store/home-database';

const USAGE = `Usage: nanotray web [--port N] [--open] [--new-token]

Serves the Nanotray UI on http://127.0.0.1 (loopback only) with the same API as the desktop app over a
WebSocket. The printed URL carries a random access token; keep it private. Stop with Ctrl+C. The port and
the token are kept for the next run (in $NANOTRAY_HOME/run, owner-only), so open tabs reconnect after a restart.

Options:
  --port N       listen on port N (default: the last run's port when it is free, else a free port)
  --open         open it in the default browser (through a private launcher page, so the token
                 never appears on a command line; $BROWSER is honoured)
  --new-token    make a new access token (tabs opened with the old one are refused)
  --host H       bind address; only 127.0.0.1, ::1 or localhost are accepted`;

/** A launcher page nobody opened is removed after this long. */
const LAUNCHER_LIFETIME_MS = 120_000;

/** Resolves on SIGINT/SIGTERM/SIGHUP (or when `signal` aborts, for tests). */
function untilStopped(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.off('SIGHUP', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.once('SIGHUP', stop); // a closed terminal: the turns that run are stored as stopped when the core closes
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Runs the browser host until stopped; `onReady` gets the URL (tests). */
export async function runWeb(args: string[], io: CliIo, options: { signal?: AbortSignal; onReady?: (url: string) => void } = {}): Promise<number> {
  const parsed = parseArgs(args, ['open', 'new-token']);
  const portText = flagString(parsed, 'port');
  const port = portText === undefined ? 0 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    write(io.stderr, `nanotray web: --port must be a number between 0 and 65535 (got "${portText}").`);
    return 2;
  }
  const created = createCore({ host: 'web', env: io.env, startBackground: true });
  if (!created.ok) {
    write(io.stderr, `nanotray web: ${created.error}`);
    return 1;
  }
  const core = created.value;
  if (core.databaseRepair) write(io.stderr, `nanotray web: ${describeRepair(core.databaseRepair)}`);
  // The scheduler lease is tried just after createCore: what this command says first depends on its answer.
  await core.started;
  let launcher: Launcher | undefined;
  try {
    const rendererDir = join(core.appRoot, 'out', 'renderer');
    if (!existsSync(join(rendererDir, 'index.html'))) {
      write(io.stderr, `nanotray web: the UI is not built (${rendererDir}/index.html is missing). Build it with \`npx electron-vite build\` (or \`npm run build\`) in ${core.appRoot}, then run \`nanotray web\` again.`);
      return 1;
    }
    // The last run's port and token, so tabs that were open reconnect; a port now taken elsewhere gives way.
    const last = readWebHostState(core.paths.home);
    const token = parsed.flags.get('new-token') === true || !last ? newWebToken() : last.token;
    const host = flagString(parsed, 'host') ?? '127.0.0.1';
    const start = (listenOn: number) =>
      startWebHost({
        core,
        rendererDir,
        port: listenOn,
        token,
        bind: host,
        version: io.env.npm_package_version ?? '0.1.0',
        logError: (message, err) => write(io.stderr, `${message}: ${err instanceof Error ? err.message : String(err)}`),
        // The browser has arrived: the launcher page (which holds the token) has done its job.
        onClient: () => launcher?.remove(),
      });
    const wanted = portText === undefined ? (last?.port ?? 0) : port;
    let started = await start(wanted);
    if (!started.ok && portText === undefined && wanted !== 0) {
      write(io.stderr, `nanotray web: port ${wanted} (the last run's) is taken; tabs opened at the old address need the new one.`);
      started = await start(0);
    }
    if (!started.ok) {
      write(io.stderr, `nanotray web: ${started.error}`);
      return 1;
    }
    const web = started.value;
    writeWebHostState(core.paths.home, { port: web.port, token });
    write(io.stdout, `Nanotray is running at ${web.url}\nOnly this machine can connect; the token in the URL is the key. Press Ctrl+C to stop.`);
    if (parsed.flags.get('open') === true) {
      // Never the token URL itself: an opener's argv is readable by every local user (/proc/<pid>/cmdline).
      launcher = writeLauncher(join(core.paths.home, 'run'), web.url);
      setTimeout(() => launcher?.remove(), LAUNCHER_LIFETIME_MS).unref();
      openFile(launcher.path, io.env);
    }
    const waiting = waitingLine(core, 'this host');
    if (waiting) write(io.stderr, `nanotray web: ${waiting}.`);
    const unannounce = announceTakeover(core, io, 'nanotray web', () => 'they run here now');
    options.onReady?.(web.url);
    await untilStopped(options.signal);
    unannounce();
    await web.close();
    return 0;
  } finally {
    launcher?.remove();
    await core.dispose();
  }
}

export const webCommand: CliCommand = {
  name: 'web',
  summary: 'Serve the Nanotray UI in your browser on 127.0.0.1 (same API as the desktop app)',
  usage: USAGE,
  run: (args, io) => runWeb(args, io),
};
