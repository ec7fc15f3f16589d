// One session in the sidebar: select, rename in place (F2), export, delete with confirm (Del).
import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@contract/schemas';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { downloadText } from './download';
import { channelLabel } from './channel-label';

export const SessionRow = memo(function SessionRow({ session, active }: { session: SessionSummary; active: boolean }): ReactElement {
  const { t } = useTranslation();
  const selectSession = useAppStore((s) => s.selectSession);
  const renameSession = useAppStore((s) => s.renameSession);
  const deleteSession = useAppStore((s) => s.deleteSession);
  const exportSession = useAppStore((s) => s.exportSession);
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
  const label = session.title || t('chat.sidebar.untitled');

  const startRename = () => {
    setTitle(session.title);
    setRenaming(true);
  };
  const finishRename = async (save: boolean) => {
    setRenaming(false);
    if (save && title.trim() && title.trim() !== session.title) await renameSession(session.key, title);
  };
  const doExport = async () => {
    const out = await exportSession(session.key);
    if (out) downloadText(out.filename, out.markdown);
  };
  const onRowKey = (e: KeyboardEvent) => {
    if (e.key === 'F2') {
      e.preventDefault();
      startRename();
    } else if (e.key === 'Delete') {
      e.preventDefault();
      setConfirmDelete(true);
    }
  };

  return (
    <li className="session-row" data-active={active} onKeyDown={onRowKey}>
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
          <span className="session-title">{label}</span>
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
