// The chat sidebar: new chat, full-text search, and the chats (pinned first, then newest) in three views: the user's, Scheduled, Archived.
import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon';
import { SIDEBAR_ID } from '../../components/SplitView';
import { dayGroup, relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { SessionRow } from './SessionRow';
import { Snippet } from './Snippet';
import { channelLabel } from './channel-label';
import { sessionTitle } from './session-title';
import { listView, LIST_VIEWS, type ListView } from './list-view';

const SEARCH_DELAY_MS = 180;

export function SessionsSidebar(): ReactElement {
  const { t } = useTranslation();
  const sessions = useAppStore((s) => s.sessions);
  const loaded = useAppStore((s) => s.sessionsLoaded);
  const error = useAppStore((s) => s.sessionsError);
  const activeKey = useAppStore((s) => s.activeSessionKey);
  const { hits, searching, searchError } = useAppStore(useShallow((s) => ({ hits: s.searchHits, searching: s.searching, searchError: s.searchError })));
  const newChat = useAppStore((s) => s.newChat);
  const searchHistory = useAppStore((s) => s.searchHistory);
  const clearSearch = useAppStore((s) => s.clearSearch);
  const openSearchHit = useAppStore((s) => s.openSearchHit);
  const [query, setQuery] = useState('');
  const [channel, setChannel] = useState<string | null>(null);
  const [view, setView] = useState<ListView>('chats');
  const inView = listView(sessions, view, activeKey);
  const channels = [...new Set(inView.map((x) => x.channel))].sort();
  const shown = channel ? inView.filter((x) => x.channel === channel) : inView;
  const emptyNote = view === 'scheduled' ? t('chat.sidebar.emptyScheduled') : view === 'archived' ? t('chat.sidebar.emptyArchived') : t('chat.sidebar.empty');
  const viewLabel = { chats: t('chat.sidebar.viewChats'), scheduled: t('chat.sidebar.viewScheduled'), archived: t('chat.sidebar.viewArchived') };
  const titleOf = (key: string, stored: string) => {
    const session = sessions.find((x) => x.key === key);
    return session ? sessionTitle(session, t) : stored || t('chat.sidebar.untitled');
  };
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Arrow keys move between chats (and search results) like a list.
  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('.session-main, .search-hit')];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[i === -1 ? 0 : i + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  const onQuery = (value: string) => {
    setQuery(value);
    window.clearTimeout(timer.current);
    if (!value.trim()) {
      clearSearch();
      return;
    }
    timer.current = window.setTimeout(() => void searchHistory(value), SEARCH_DELAY_MS);
  };

  return (
    <aside className="sidebar" id={SIDEBAR_ID} aria-label={t('chat.sidebar.label')}>
      <div className="sidebar-head">
        <h1>{t('chat.sidebar.title')}</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void newChat()} title={t('chat.sidebar.newChatShortcut')}>
          <Icon name="plus" size={14} /> {t('chat.sidebar.newChat')}
        </button>
      </div>
      <div className="session-search" role="search">
        <Icon name="search" size={14} />
        <input
          className="input"
          type="search"
          placeholder={t('chat.sidebar.search')}
          aria-label={t('chat.sidebar.search')}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              e.currentTarget.closest('aside')?.querySelector<HTMLButtonElement>('.session-main, .search-hit')?.focus();
            }
            if (e.key === 'Escape' && query) {
              e.stopPropagation();
              onQuery('');
            }
          }}
        />
      </div>
      {hits === null && (
        <div className="channel-filter" role="radiogroup" aria-label={t('chat.sidebar.views')}>
          {LIST_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={view === v}
              className="chip"
              onClick={() => {
                setView(v);
                setChannel(null);
              }}
            >
              {viewLabel[v]}
            </button>
          ))}
        </div>
      )}
      {channels.length > 1 && hits === null && (
        <div className="channel-filter" role="radiogroup" aria-label={t('chat.sidebar.showFrom')}>
          {[null, ...channels].map((c) => (
            <button
              key={c ?? 'all'}
              type="button"
              role="radio"
              aria-checked={channel === c}
              className="chip"
              onClick={() => setChannel(c)}
            >
              {c === null ? t('chat.sidebar.all') : channelLabel(c)}
            </button>
          ))}
        </div>
      )}
      {hits !== null ? (
        <ul className="session-list" aria-label={t('chat.sidebar.results')} aria-busy={searching} onKeyDown={onListKeyDown}>
          <li className="session-group" aria-live="polite">
            {searching ? t('chat.sidebar.searching') : searchError ? searchError : t('chat.sidebar.matches', { count: hits.length })}
          </li>
          {hits.map((hit) => (
            <li key={hit.messageId}>
              <button type="button" className="search-hit" onClick={() => void openSearchHit(hit.sessionKey, hit.messageId, query)}>
                <span className="row">
                  <span className="session-title">{titleOf(hit.sessionKey, hit.sessionTitle)}</span>
                  <span className="spacer" />
                  <span className="faint nowrap">{relativeTime(hit.createdAt)}</span>
                </span>
                <Snippet text={hit.snippet} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="session-list" aria-label={viewLabel[view]} onKeyDown={onListKeyDown}>
          {!loaded && <li className="list-note">{t('common.actions.loading')}</li>}
          {error && <li className="list-note list-error">{t('chat.sidebar.loadFailed', { error })}</li>}
          {loaded && !error && shown.length === 0 && <li className="list-note">{emptyNote}</li>}
          {shown.map((session, i) => {
            const group = session.pinned ? t('chat.sidebar.pinnedGroup') : dayGroup(session.updatedAt);
            const previous = shown[i - 1];
            const showGroup = !previous || (previous.pinned ? t('chat.sidebar.pinnedGroup') : dayGroup(previous.updatedAt)) !== group;
            return (
              <Fragment key={session.key}>
                {showGroup && (
                  <li className="session-group" aria-hidden="true">
                    {group}
                  </li>
                )}
                <SessionRow session={session} active={session.key === activeKey} />
              </Fragment>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
