// The workspace's markdown files, grouped (bootstrap files, memory/, skills/…); arrow keys move, Enter opens.
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { buildTree, displayName } from './file-tree';

export function FileTree({ onOpen }: { onOpen: (path: string) => void }): ReactElement {
  const files = useAppStore((s) => s.memoryFiles);
  const loaded = useAppStore((s) => s.memoryFilesLoaded);
  const error = useAppStore((s) => s.memoryFilesError);
  const openPath = useAppStore((s) => s.memoryDoc?.path ?? null);
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
