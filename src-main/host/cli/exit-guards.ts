// SIGTERM and SIGHUP of the CLI end the exec trees it started (they run in their own process groups, so the
// signal alone would leave them running), then end the CLI unless a command handles the signal itself.
import { constants } from 'node:os';
import { killAllProcessTrees } from '../../core/tools/exec/process-tree';

const SIGNALS = ['SIGTERM', 'SIGHUP'] as const;

/** Installs the handlers once per process; returns a disposer (for tests). */
export function installExitGuards(): () => void {
  const handlers = SIGNALS.map((signal) => {
    const handler = (): void => {
      killAllProcessTrees('SIGKILL');
      // `daemon` and `web` listen for SIGTERM to shut down cleanly: leave the exit to them.
      if (process.listenerCount(signal) === 1) process.exit(128 + constants.signals[signal]);
    };
    process.on(signal, handler);
    return { signal, handler };
  });
  return () => {
    for (const { signal, handler } of handlers) process.off(signal, handler);
  };
}
