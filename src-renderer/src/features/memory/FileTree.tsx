// The workspace's markdown files, grouped (bootstrap files, memory/, skills/…), with the memory changes that wait
// for review on top; arrow keys move, Enter opens.
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { SIDEBAR_ID } from '../../components/SplitView';
import { useAppStore } from '../../state/store';
import { buildTree, displayName, groupLabel } from './file-tree';
import { pendingOrigin } from './PendingReview';

export function FileTree({ onOpen, onOpenPending }: { onOpen: (path: string) => void; onOpenPending: (id: number) => void }): ReactElement {
  const { t } = useTranslation();
  const pending = useAppStore((s) => s.pendingChanges);
  const openPendingId = useAppStore((s) => s.openPendingId);
  const files = useAppStore((s) => s.memoryFiles);
  const loaded = useAppStore((s) => s.memoryFilesLoaded);
  const error = useAppStore((s) => s.memoryFilesError);
  const openPath = useAppStore((s) => (s.openPendingId === null ? (s.memoryDoc?.path ?? null) : null));
  const dirty = useAppStore((s) => (s.memoryDoc ? s.memoryDoc.draft !== s.memoryDoc.savedText : false));
  const listRef = useRef<HTMLUListElement>(null);
  const groups = buildTree(files);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.file-btn') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[i + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <aside className="sidebar" id={SIDEBAR_ID} aria-label={t('memory.tree.label')}>
      <div className="sidebar-head">
        <h1>{t('memory.tree.title')}</h1>
      </div>
      <ul className="file-list" ref={listRef} onKeyDown={onKeyDown}>
        {!loaded && <li className="list-note">{t('common.actions.loading')}</li>}
        {error && <li className="list-note list-error">{t('memory.tree.listFailed', { error })}</li>}
        {pending.length > 0 && (
          <li>
            <div className="session-group">{t('memory.tree.toReview', { count: pending.length })}</div>
            <ul className="file-group" aria-label={t('memory.tree.toReviewList')}>
              {pending.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="file-btn pending-btn"
                    aria-current={c.id === openPendingId ? 'true' : undefined}
                    title={t('memory.tree.wantsToChange', { who: pendingOrigin(c), path: c.path })}
                    onClick={() => onOpenPending(c.id)}
                  >
                    <Icon name="shield" size={14} />
                    <span className="truncate">{c.path}</span>
                    <span className={`badge ${c.conflict ? 'badge-danger' : 'badge-warn'} pending-badge`}>{c.conflict ? t('memory.tree.conflict') : `#${c.id}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </li>
        )}
        {loaded && !error && files.length === 0 && <li className="list-note">{t('memory.tree.empty')}</li>}
        {groups.map((g) => (
          <li key={g.label}>
            <div className="session-group">{groupLabel(g.label, t)}</div>
            <ul className="file-group">
              {g.files.map((f) => {
                const active = f.path === openPath;
                return (
                  <li key={f.path}>
                    <button
                      type="button"
                      className="file-btn"
                      aria-current={active ? 'true' : undefined}
                      title={f.path}
                      onClick={() => onOpen(f.path)}
                    >
                      <Icon name="file" size={14} />
                      <span className="truncate">{displayName(f.path)}</span>
                      {active && dirty && (
                        <span className="unsaved-dot" role="img" aria-label={t('memory.tree.unsaved')} title={t('memory.tree.unsavedHint')} />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </aside>
  );
}
