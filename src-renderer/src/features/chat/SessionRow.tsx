// One session in the sidebar: select, rename in place (F2), pin (P), archive or restore (A), export, delete (Del).
import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@contract/schemas';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { relativeTime } from '../../lib/format';
import { currentLocale } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { downloadText } from './download';
import { channelLabel } from './channel-label';
import { sessionTitle } from './session-title';

export const SessionRow = memo(function SessionRow({ session, active }: { session: SessionSummary; active: boolean }): ReactElement {
  const { t } = useTranslation();
  const selectSession = useAppStore((s) => s.selectSession);
  const renameSession = useAppStore((s) => s.renameSession);
  const deleteSession = useAppStore((s) => s.deleteSession);
  const exportSession = useAppStore((s) => s.exportSession);
  const organiseSession = useAppStore((s) => s.organiseSession);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(session.title);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const mainRef = useRef<HTMLButtonElement>(null);
  // A rename finished with Enter or Esc puts focus back on the row (not on <body>); a click elsewhere keeps it there.
  const refocus = useRef(false);
  useEffect(() => {
    if (!renaming && refocus.current) {
      refocus.current = false;
      mainRef.current?.focus();
    }
  }, [renaming]);
  const label = sessionTitle(session, t);
  const togglePin = () => void organiseSession(session.key, { pinned: !session.pinned });
  const toggleArchive = () => void organiseSession(session.key, { archived: !session.archived });

  const startRename = () => {
    setTitle(label);
    setRenaming(true);
  };
  const finishRename = async (save: boolean) => {
    setRenaming(false);
    if (save && title.trim() && title.trim() !== label) await renameSession(session.key, title);
  };
  const doExport = async () => {
    const time = new Date().toLocaleString(currentLocale());
    const out = await exportSession(session.key, { title: label, you: t('chat.exportDoc.you'), assistant: t('common.app.name'), note: t('chat.exportDoc.note', { key: session.key, time }) });
    if (out) downloadText(out.filename, out.markdown);
  };
  const onRowKey = (e: KeyboardEvent) => {
    if (e.key === 'F2') {
      e.preventDefault();
      startRename();
    } else if (e.target === mainRef.current && (e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      togglePin();
    } else if (e.target === mainRef.current && (e.key === 'a' || e.key === 'A') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      toggleArchive();
    } else if (e.key === 'Delete') {
      e.preventDefault();
      setConfirmDelete(true);
    }
  };

  return (
    <li className="session-row" data-active={active} data-pinned={session.pinned ? 'true' : undefined} onKeyDown={onRowKey}>
      {renaming ? (
        <input
          className="input session-rename"
          aria-label={t('chat.row.renameTo', { title: label })}
          value={title}
          autoFocus
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => void finishRename(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              refocus.current = true;
              void finishRename(true);
            }
            if (e.key === 'Escape') {
              e.stopPropagation();
              refocus.current = true;
              void finishRename(false);
            }
          }}
        />
      ) : (
        <button
          ref={mainRef}
          type="button"
          className="session-main"
          aria-current={active ? 'true' : undefined}
          onClick={() => void selectSession(session.key)}
          title={t('chat.row.hint', { title: label })}
        >
          <span className="session-title">
            {session.pinned && (
              <span className="session-pin">
                <Icon name="pin" size={12} label={t('chat.row.pinned')} />
              </span>
            )}
            {label}
          </span>
          <span className="session-meta">
            {session.channel !== 'desktop' && <span className="badge">{channelLabel(session.channel)}</span>}
            {session.busy ? (
              <span className="row" style={{ gap: 4 }}>
                <span className="spinner" aria-hidden="true" /> {t('chat.row.working')}
              </span>
            ) : (
              <span>{relativeTime(session.updatedAt)}</span>
            )}
          </span>
        </button>
      )}
      {!renaming && (
        <div className="session-actions">
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('chat.row.rename', { title: label })} title={t('chat.row.renameHint')} onClick={startRename}>
            <Icon name="edit" size={14} />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label={t(session.pinned ? 'chat.row.unpin' : 'chat.row.pin', { title: label })}
            aria-pressed={Boolean(session.pinned)}
            title={t(session.pinned ? 'chat.row.unpinHint' : 'chat.row.pinHint')}
            onClick={togglePin}
          >
            <Icon name="pin" size={14} />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label={t(session.archived ? 'chat.row.restore' : 'chat.row.archive', { title: label })}
            title={t(session.archived ? 'chat.row.restoreHint' : 'chat.row.archiveHint')}
            onClick={toggleArchive}
          >
            <Icon name={session.archived ? 'refresh' : 'archive'} size={14} />
          </button>
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('chat.row.export', { title: label })} title={t('chat.row.exportHint')} onClick={() => void doExport()}>
            <Icon name="download" size={14} />
          </button>
          <button type="button" className="btn btn-ghost btn-icon btn-sm btn-danger" aria-label={t('chat.row.delete', { title: label })} title={t('chat.row.deleteHint')} onClick={() => setConfirmDelete(true)}>
            <Icon name="trash" size={14} />
          </button>
        </div>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t('chat.row.deleteTitle')}
          body={t('chat.row.deleteBody', { title: label })}
          confirmLabel={t('chat.row.deleteConfirm')}
          danger
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            void deleteSession(session.key);
          }}
        />
      )}
    </li>
  );
});
