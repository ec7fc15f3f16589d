// Starting a turn for the window: the turn id arrives with `turn.started`, while the run resolves only when the
// turn ends (and a turn queued behind a running one starts later), so answer as soon as the id exists.
import type { Core } from '../../nanotray-core';
import type { TurnRequest } from '../../agent/session-runner';
import type { IpcResult } from '../../../../src-preload/contract/schemas';
import { errorMessage } from '../../lib/result';
import { ipcFail, ipcOk } from '../ipc-values';

/** How long a start waits for the turn to begin before answering without a turn id. */
const TURN_START_TIMEOUT_MS = 10_000;

/** Queues the turn and resolves with its id once it has started (or with '' after the timeout). */
export function startTurn(core: Core, request: TurnRequest): Promise<IpcResult<{ turnId: string }>> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: IpcResult<{ turnId: string }>): void => {
      if (settled) return;
      settled = true;
      off();
      clearTimeout(timer);
      resolve(result);
    };
    const off = core.events.on((event) => {
      if (event.type === 'turn.started' && event.sessionKey === request.sessionKey) finish(ipcOk({ turnId: event.turnId }));
    });
    const timer = setTimeout(() => finish(ipcOk({ turnId: '' })), TURN_START_TIMEOUT_MS);
    timer.unref?.();
    core.sessions.run(request).then(
      (result) => finish(ipcOk({ turnId: result.turnId })),
      (err: unknown) => finish(ipcFail('internal', errorMessage(err))),
    );
  });
}
