// Ctrl/Cmd+K: jump to a chat by title, or to any message through full-text search. Arrow keys + Enter. A modal
// combobox: the input owns focus, the options are plain list items (no buttons inside options).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ModalLayer } from '../../components/ModalLayer';
import { useModal } from '../../components/use-modal';
import { relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { Snippet } from './Snippet';
import { sessionTitle } from './session-title';

interface Entry {
  key: string;
  sessionKey: string;
  messageId?: number;
  title: string;
  snippet?: string;
  at: number;
}

export function SearchPalette(): ReactElement | null {
  const open = useAppStore((s) => s.paletteOpen);
  const setOpen = useAppStore((s) => s.setPaletteOpen);
  if (!open) return null;
  return <PaletteBox onClose={() => setOpen(false)} />;
}

function PaletteBox({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const sessions = useAppStore((s) => s.sessions);
  const { hits, searching } = useAppStore(useShallow((s) => ({ hits: s.searchHits, searching: s.searching })));
  const searchHistory = useAppStore((s) => s.searchHistory);
  const clearSearch = useAppStore((s) => s.clearSearch);
  const selectSession = useAppStore((s) => s.selectSession);
  const openSearchHit = useAppStore((s) => s.openSearchHit);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useModal(() => inputRef.current?.focus());
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      clearSearch();
    },
    [clearSearch],
  );

  const entries = useMemo<Entry[]>(() => {
    const q = query.trim().toLowerCase();
    const untitled = t('chat.sidebar.untitled');
    const byTitle = sessions
      .filter((s) => !q || sessionTitle(s, t).toLowerCase().includes(q))
      .slice(0, q ? 8 : 12)
      .map((s) => ({ key: `s:${s.key}`, sessionKey: s.key, title: sessionTitle(s, t), at: s.updatedAt }));
    const byText = q && hits ? hits.map((h) => ({ key: `h:${h.messageId}`, sessionKey: h.sessionKey, messageId: h.messageId, title: h.sessionTitle || untitled, snippet: h.snippet, at: h.createdAt })) : [];
    return [...byTitle, ...byText];
  }, [sessions, hits, query, t]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    if (entry.messageId !== undefined) void openSearchHit(entry.sessionKey, entry.messageId, query);
    else void selectSession(entry.sessionKey);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!entries.length) return;
      setIndex((i) => (i + (e.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(entries[Math.min(index, entries.length - 1)]);
    }
  };

  const active = entries[Math.min(index, entries.length - 1)];
  const activeId = active ? `pal-${active.key}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  return (
    <ModalLayer>
    <div className="palette" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette-box" role="dialog" aria-modal="true" aria-label={t('chat.palette.label')} onKeyDown={onKeyDown}>
        <input
          ref={inputRef}
          className="palette-input"
          placeholder={t('chat.palette.placeholder')}
          aria-label={t('chat.palette.input')}
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={activeId}
          value={query}
          onChange={(e) => {
            const value = e.target.value;
            setQuery(value);
            setIndex(0);
            window.clearTimeout(timer.current);
            if (value.trim()) timer.current = window.setTimeout(() => void searchHistory(value), 160);
            else clearSearch();
          }}
        />
        <ul className="palette-list" id="palette-list" role="listbox" aria-label={t('chat.palette.results')}>
          {entries.map((entry) => (
            <li
              key={entry.key}
              id={`pal-${entry.key}`}
              role="option"
              aria-selected={entry === active}
              className="search-hit"
              // the input keeps focus; a click picks the option
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(entry)}
            >
              <span className="row">
                <span className="session-title">{entry.title}</span>
                <span className="spacer" />
                <span className="faint nowrap">{relativeTime(entry.at)}</span>
              </span>
              {entry.snippet && <Snippet text={entry.snippet} />}
            </li>
          ))}
        </ul>
        {entries.length === 0 && (
          <div className="palette-empty" role="status">
            {searching ? t('chat.sidebar.searching') : t('chat.palette.nothing')}
          </div>
        )}
        <div className="palette-foot">
          <span>
            <kbd>↑</kbd> <kbd>↓</kbd> {t('chat.palette.move')}
          </span>
          <span>
            <kbd>Enter</kbd> {t('chat.palette.open')}
          </span>
          <span>
            <kbd>Esc</kbd> {t('chat.palette.close')}
          </span>
        </div>
      </div>
    </div>
    </ModalLayer>
  );
}
