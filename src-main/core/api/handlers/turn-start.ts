// Starting a turn for the window: the turn's id is minted here, before it is queued, so each caller gets the id of
// the turn that answers its own message, however many are queued in the session (in this process or another).
import { randomUUID } from 'node:crypto';
import type { Core } from '../../nanotray-core';
import type { TurnRequest } from '../../agent/session-runner';
import type { IpcResult } from '../../../../src-preload/contract/schemas';
import { ipcOk } from '../ipc-values';

/** Queues the turn and answers at once with the id it will run under (its events carry the same id). */
export function startTurn(core: Core, request: TurnRequest): Promise<IpcResult<{ turnId: string }>> {
  const turnId = request.turnId ?? randomUUID();
  // The runner never rejects: a turn that fails ends with its own turn.finished event.
  void core.sessions.run({ ...request, turnId });
  return Promise.resolve(ipcOk({ turnId }));
}
