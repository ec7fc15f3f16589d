// chat:organise-session (pin, archive, restore) and chat:drop-empty-session (a new chat left with no message).
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { deleteSession, getSession, sessionIsEmpty, updateSessionMeta } from '../../store/sessions.repo';
import { ipcFail, ipcOk } from '../ipc-values';

type OrganiseHandlers = Pick<InvokeHandlers, 'chat:organise-session' | 'chat:drop-empty-session'>;

export function createOrganiseHandlers(core: Pick<Core, 'db' | 'clock' | 'events' | 'sessions'>): OrganiseHandlers {
  return {
    async 'chat:organise-session'({ sessionKey, pinned, archived }) {
      if (!getSession(core.db, sessionKey)) return ipcFail('not_found', `No session "${sessionKey}".`);
      const now = core.clock.now();
      const meta = updateSessionMeta(core.db, sessionKey, {
        ...(pinned !== undefined ? { pinnedAt: pinned ? now : undefined } : {}),
        ...(archived !== undefined ? { archivedAt: archived ? now : undefined } : {}),
      });
      core.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
      return ipcOk({ sessionKey, pinned: meta.pinnedAt !== undefined, archived: meta.archivedAt !== undefined });
    },

    async 'chat:drop-empty-session'({ sessionKey }) {
      const session = getSession(core.db, sessionKey);
      // only a chat that holds nothing the user made: no message, no title, no turn running
      if (!session || session.title || core.sessions.isBusy(sessionKey) || !sessionIsEmpty(core.db, sessionKey)) return ipcOk({ dropped: false });
      const dropped = deleteSession(core.db, sessionKey);
      if (dropped) core.events.emit({ type: 'session.changed', sessionKey, change: 'deleted' });
      return ipcOk({ dropped });
    },
  };
}
