// The sidebar's views and order: pinned chats on top, the user's chats apart from the scheduler's, archived ones only
// in Archived, an empty untitled chat listed only while open, and app-made titles worded in the window's language.
import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../src-preload/contract/schemas';
import { listView } from '../../src-renderer/src/features/chat/list-view';
import { sessionTitle } from '../../src-renderer/src/features/chat/session-title';
import { sortSessions } from '../../src-renderer/src/state/sessions-slice';
import { i18n } from '../../src-renderer/src/i18n/i18n';
import { loadCatalogue } from '../../src-renderer/src/i18n/catalogues';

const chat = (key: string, updatedAt: number, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  key,
  channel: key.split(':')[0]!,
  title: key,
  createdAt: 0,
  updatedAt,
  busy: false,
  ...extra,
});

describe('chat list views', () => {
  const all = sortSessions([
    chat('desktop:old', 1),
    chat('desktop:new', 5),
    chat('desktop:pinned', 2, { pinned: true }),
    chat('desktop:gone', 9, { archived: true }),
    chat('cron:job', 8, { scheduled: true }),
    chat('heartbeat:default', 7, { scheduled: true }),
    chat('desktop:left', 6, { title: '', empty: true }),
  ]);

  it('lists pinned chats first, then the newest, without scheduled, archived or left-empty chats', () => {
    expect(listView(all, 'chats', null).map((s) => s.key)).toEqual(['desktop:pinned', 'desktop:new', 'desktop:old']);
    expect(listView(all, 'chats', 'desktop:left').map((s) => s.key)).toContain('desktop:left');
  });

  it('shows the scheduler chats in Scheduled and archived chats only in Archived', () => {
    expect(listView(all, 'scheduled', null).map((s) => s.key)).toEqual(['cron:job', 'heartbeat:default']);
    expect(listView(all, 'archived', null).map((s) => s.key)).toEqual(['desktop:gone']);
  });

  it('words app-made titles in the window language and keeps the user’s as typed', async () => {
    if (!i18n.hasResourceBundle('zh', 'translation')) i18n.addResourceBundle('zh', 'translation', await loadCatalogue('zh'));
    const t = i18n.getFixedT('zh');
    expect(sessionTitle({ title: 'Heartbeat', titleCode: { code: 'heartbeat' } }, t)).toBe('心跳');
    expect(sessionTitle({ title: 'Scheduled: News', titleCode: { code: 'scheduled', name: 'News' } }, t)).toBe('定时任务：News');
    expect(sessionTitle({ title: 'Heartbeat' }, t)).toBe('Heartbeat');
    expect(sessionTitle({ title: 'Scheduled: News', titleCode: { code: 'scheduled', name: 'News' } }, i18n.getFixedT('en'))).toBe('Scheduled: News');
  });
});
