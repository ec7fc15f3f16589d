// A chat's title as the window shows it: an app-made title worded in the window's language, the user's as typed.
import type { TFunction } from 'i18next';
import type { SessionSummary } from '@contract/schemas';

export function sessionTitle(session: Pick<SessionSummary, 'title' | 'titleCode'>, t: TFunction): string {
  const code = session.titleCode;
  if (code?.code === 'heartbeat') return t('chat.title.heartbeat');
  if (code?.code === 'scheduled') return t('chat.title.scheduled', { name: code.name });
  return session.title || t('chat.sidebar.untitled');
}
