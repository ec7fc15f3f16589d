// What the chat list needs to organise a session: user or scheduled chat, pinned, archived, and an app-made title as a code.
import type { SessionRow } from '../../store/sessions.repo';
import { HEARTBEAT_SESSION_KEY } from '../../scheduler/heartbeat-session';
import type { SessionTitleCode } from '../../../../src-preload/contract/chat-schemas';

/** The scheduler's chats: one per cron job (`cron:<jobId>`) and the heartbeat's. */
export function isScheduledSession(key: string): boolean {
  return key === HEARTBEAT_SESSION_KEY || key.startsWith('cron:');
}

const SCHEDULED_PREFIX = 'Scheduled: ';

/**
 * The title the app gave a scheduler chat, as a code the window words in its language; a title the user typed (a
 * rename) has none and shows as typed.
 */
export function titleCodeOf(row: SessionRow): SessionTitleCode | undefined {
  if (row.meta.titleByUser) return undefined;
  if (row.key === HEARTBEAT_SESSION_KEY && (row.title === '' || row.title === 'Heartbeat')) return { code: 'heartbeat' };
  if (row.key.startsWith('cron:') && row.title.startsWith(SCHEDULED_PREFIX)) return { code: 'scheduled', name: row.title.slice(SCHEDULED_PREFIX.length) };
  return undefined;
}

/** The list's organising fields of a session summary (absent when not set, so older windows read it unchanged). */
export function organiseFields(row: SessionRow): { pinned?: true; archived?: true; scheduled?: true; titleCode?: SessionTitleCode } {
  const titleCode = titleCodeOf(row);
  return {
    ...(row.meta.pinnedAt !== undefined ? { pinned: true as const } : {}),
    ...(row.meta.archivedAt !== undefined ? { archived: true as const } : {}),
    ...(isScheduledSession(row.key) ? { scheduled: true as const } : {}),
    ...(titleCode ? { titleCode } : {}),
  };
}
