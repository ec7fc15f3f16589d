// While the CLI runs a turn, Ctrl+C, SIGTERM and SIGHUP (a closed terminal, `kill`) stop it the same way: the turn is
// cancelled, so its streamed part and the "stopped" end are stored, and running tools end (exit-guards.ts kills
// their trees). A second signal, or a turn that is not stored within the time a closing terminal gives, exits at once.
import { constants } from 'node:os';

export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** How long SIGTERM/SIGHUP wait for the stopped turn to be stored (a terminal gives a closing process ~1–2 s). */
export const STOP_GRACE_MS = 1500;

export interface TurnStopSignals {
  /** The SIGTERM or SIGHUP that stopped the turn (the caller ends the process with {@link exitCodeOfSignal}). */
  readonly closing: StopSignal | undefined;
  /** Removes the handlers; a grace timer already running stays armed until the process ends. */
  dispose(): void;
}

/** 128 + the signal's number, as a shell reports a process a signal ended. */
export function exitCodeOfSignal(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

/**
 * Listens for `signals` while a turn may run. `cancel` stops the running turn and says whether there was one; with
 * none (or on a second signal) the process exits now with 128 + N.
 */
export function stopTurnOnSignals(cancel: () => boolean, signals: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP']): TurnStopSignals {
  let closing: StopSignal | undefined;
  let stopping = false;
  const handlers = signals.map((signal) => {
    const handler = (): void => {
      if (stopping || !cancel()) process.exit(exitCodeOfSignal(signal));
      stopping = true;
      if (signal === 'SIGINT') return; // Ctrl+C: the user is still there; a second one exits
      closing = signal;
      setTimeout(() => process.exit(exitCodeOfSignal(signal)), STOP_GRACE_MS).unref();
    };
    process.on(signal, handler);
    return { signal, handler };
  });
  return {
    get closing() {
      return closing;
    },
    dispose() {
      for (const { signal, handler } of handlers) process.off(signal, handler);
    },
  };
}
