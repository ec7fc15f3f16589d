// The workspace's markdown files, grouped (bootstrap files, memory/, skills/…), with the memory changes that wait
// for review on top; arrow keys move, Enter opens.
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { buildTree, displayName } from './file-tree';
import { pendingOrigin } from './PendingReview';

export function FileTree({ onOpen, onOpenPending }: { onOpen: (path: string) => void; onOpenPending: (id: number) => void }): ReactElement {
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
    <aside className="sidebar" aria-label="Workspace files">
      <div className="sidebar-head">
        <h1>Memory</h1>
      </div>
      <ul className="file-list" ref={listRef} onKeyDown={onKeyDown}>
        {!loaded && <li className="list-note">Loading…</li>}
        {error && <li className="list-note list-error">Could not list files: {error}</li>}
        {pending.length > 0 && (
          <li>
            <div className="session-group">To review ({pending.length})</div>
            <ul className="file-group" aria-label="Memory changes to review">
              {pending.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="file-btn pending-btn"
                    aria-current={c.id === openPendingId ? 'true' : undefined}
                    title={`${pendingOrigin(c)} wants to change ${c.path}`}
                    onClick={() => onOpenPending(c.id)}
                  >
                    <Icon name="shield" size={14} />
                    <span className="truncate">{c.path}</span>
                    <span className={`badge ${c.conflict ? 'badge-danger' : 'badge-warn'} pending-badge`}>{c.conflict ? 'conflict' : `#${c.id}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </li>
        )}
        {loaded && !error && files.length === 0 && <li className="list-note">No markdown files in the workspace.</li>}
        {groups.map((g) => (
          <li key={g.label}>
            <div className="session-group">{g.label}</div>
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
                        <span className="unsaved-dot" aria-label="unsaved changes" title="Unsaved changes" />
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
