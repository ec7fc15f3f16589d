// Which chats each view of the sidebar lists: the user's (not archived), the scheduler's, or the archived ones.
import type { SessionSummary } from '@contract/schemas';

export const LIST_VIEWS = ['chats', 'scheduled', 'archived'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/**
 * The chats of one view, in the list's order. A chat left empty from before (no message, no title) is not listed
 * unless it is the open one.
 */
export function listView(sessions: readonly SessionSummary[], view: ListView, activeKey: string | null): SessionSummary[] {
  return sessions.filter((s) => {
    if (s.empty && !s.title && s.key !== activeKey) return false;
    if (view === 'archived') return Boolean(s.archived);
    if (s.archived) return false;
    return view === 'scheduled' ? Boolean(s.scheduled) : !s.scheduled;
  });
}
