// A file's history: every version with time and author; pick one to see its diff against the current
// text and revert to it.
import { useEffect, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/Dialog';
import { dateTime, relativeTime } from '../../lib/format';
import { lineDiff } from '../../lib/merge';
import { DiffView } from '../../components/DiffView';
import { useAppStore } from '../../state/store';

const AUTHOR_LABEL = { user: 'you', agent: 'agent', external: 'other program', system: 'Nanotray' } as const;

export function HistoryPanel({ path }: { path: string }): ReactElement {
  const versions = useAppStore((s) => (s.memoryVersions?.path === path ? s.memoryVersions : null));
  const view = useAppStore((s) => s.memoryVersionView);
  const current = useAppStore((s) => s.memoryDoc?.savedText ?? '');
  const dirty = useAppStore((s) => (s.memoryDoc ? s.memoryDoc.draft !== s.memoryDoc.savedText : false));
  const load = useAppStore((s) => s.loadMemoryVersions);
  const select = useAppStore((s) => s.viewMemoryVersion);
  const revert = useAppStore((s) => s.revertMemory);
  const [confirm, setConfirm] = useState(false);

  useEffect(() => {
    void load(path);
  }, [path, load]);

  const diff = view ? lineDiff(view.content, current) : [];
  const changed = diff.some((d) => d.kind !== 'same');

  return (
    <aside className="history" aria-label={`History of ${path}`}>
      <div className="history-head">
        <h2>History</h2>
        <span className="faint">{versions ? `${versions.list.length} versions` : 'Loading…'}</span>
      </div>
      {versions?.error && <div className="field-error">{versions.error}</div>}
      <ul className="version-list" aria-label="Versions, newest first">
        {versions?.list.map((v) => (
          <li key={v.id}>
            <button type="button" className="version-btn" aria-current={view?.id === v.id ? 'true' : undefined} onClick={() => void select(view?.id === v.id ? null : v.id)}>
              <span className={`badge ${v.author === 'agent' ? 'badge-accent' : v.author === 'user' ? 'badge-ok' : ''}`}>{AUTHOR_LABEL[v.author]}</span>
              <span title={dateTime(v.createdAt)}>{relativeTime(v.createdAt)}</span>
              <span className="spacer" />
              <span className="faint">{v.size.toLocaleString()} B</span>
            </button>
          </li>
        ))}
      </ul>
      {view && (
        <div className="version-detail">
          <div className="row">
            <strong>
              {AUTHOR_LABEL[view.author]}, {dateTime(view.createdAt)}
            </strong>
            <span className="spacer" />
            <button type="button" className="btn btn-sm btn-primary" disabled={!changed} onClick={() => setConfirm(true)}>
              Revert to this
            </button>
          </div>
          <div className="faint">{changed ? 'Changes from this version to the current file:' : 'Same as the current file.'}</div>
          {changed && <DiffView before={view.content} after={current} label="Diff against the current file" />}
        </div>
      )}
      {confirm && view && (
        <ConfirmDialog
          title="Revert to this version?"
          body={
            <>
              {path} will get the text from {dateTime(view.createdAt)}. The current text stays in the history, so you can go back.
              {dirty && ' Your unsaved edits in the editor will be replaced.'}
            </>
          }
          confirmLabel="Revert"
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            void revert(view.id);
          }}
        />
      )}
    </aside>
  );
}
