// The open memory file: edit / preview / split, Ctrl/Cmd+S, unsaved marker, notices when the file
// changed on disk, the conflict view, and the history panel.
import { useEffect, useState, type ReactElement } from 'react';
import { Banner } from '../../components/Banner';
import { Icon } from '../../components/Icon';
import { Markdown } from '../../components/Markdown';
import { useAppStore } from '../../state/store';
import { ConflictView, EDITOR_CONFLICT_LABELS } from './ConflictView';
import { HistoryPanel } from './HistoryPanel';

type Mode = 'edit' | 'split' | 'preview';
const AUTHOR = { user: 'you (elsewhere)', agent: 'the agent', external: 'another program' } as const;

export function MemoryEditor(): ReactElement | null {
  const doc = useAppStore((s) => s.memoryDoc);
  const setDraft = useAppStore((s) => s.setMemoryDraft);
  const save = useAppStore((s) => s.saveMemory);
  const compare = useAppStore((s) => s.compareWithDisk);
  const takeDisk = useAppStore((s) => s.takeDiskVersion);
  const dismiss = useAppStore((s) => s.dismissMemoryNotice);
  const resolveConflict = useAppStore((s) => s.resolveMemoryConflict);
  const [mode, setMode] = useState<Mode>('split');
  const [history, setHistory] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  if (!doc) return null;
  const dirty = doc.draft !== doc.savedText;

  return (
    <section className="editor-area" aria-label={`Editing ${doc.path}`}>
      <header className="view-head">
        <h1 className="truncate mono" style={{ fontSize: 'var(--fs-md)' }}>
          {doc.path}
        </h1>
        {dirty ? (
          <span className="badge badge-warn" data-testid="unsaved-marker">
            <span className="dot" aria-hidden="true" /> Unsaved
          </span>
        ) : (
          <span className="badge badge-ok">Saved</span>
        )}
        <span className="spacer" />
        <div className="segmented" role="radiogroup" aria-label="Editor layout">
          {(['edit', 'split', 'preview'] as const).map((m) => (
            <label key={m} className="segment">
              <input type="radio" name="editor-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              <span>{m === 'edit' ? 'Edit' : m === 'split' ? 'Split' : 'Preview'}</span>
            </label>
          ))}
        </div>
        <button type="button" className="btn btn-sm" aria-pressed={history} onClick={() => setHistory(!history)}>
          <Icon name="history" size={14} /> History
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={!dirty || doc.saving || doc.conflict !== null} onClick={() => void save()} title="Save (Ctrl+S)">
          <Icon name="save" size={14} /> {doc.saving ? 'Saving…' : 'Save'}
        </button>
      </header>
      <div className="editor-main">
        <div className="editor-column">
          <div className="editor-notices">
            {doc.reloadedBy && (
              <Banner
                tone="info"
                title={`${doc.path} was just changed by ${AUTHOR[doc.reloadedBy]}`}
                actions={
                  <button type="button" className="btn btn-sm btn-ghost" onClick={dismiss}>
                    OK
                  </button>
                }
              >
                You had no unsaved edits, so the editor now shows the new text. The old one is in History.
              </Banner>
            )}
            {doc.external && !doc.conflict && (
              <Banner
                tone="warn"
                title={`${AUTHOR[doc.external.author][0]!.toUpperCase()}${AUTHOR[doc.external.author].slice(1)} changed ${doc.path} while you were editing`}
                actions={
                  <>
                    <button type="button" className="btn btn-sm btn-primary" onClick={compare}>
                      Compare and merge
                    </button>
                    <button type="button" className="btn btn-sm" onClick={takeDisk}>
                      Drop my edits
                    </button>
                  </>
                }
              >
                Your edits are kept. Saving will show both versions so nothing is lost.
              </Banner>
            )}
            {doc.error && !doc.conflict && <Banner tone="danger" title="Saving failed">{doc.error}</Banner>}
          </div>
          {doc.conflict ? (
            <ConflictView
              theirs={doc.conflict.theirs}
              yours={doc.conflict.yours}
              base={doc.conflict.base}
              path={doc.path}
              saving={doc.saving}
              error={doc.error}
              labels={{ ...EDITOR_CONFLICT_LABELS, title: `${doc.path} changed on disk while you were editing` }}
              onSave={(text) => void resolveConflict(text)}
              onKeepYours={() => void resolveConflict(doc.conflict!.yours)}
              onTakeTheirs={takeDisk}
            />
          ) : (
            <div className={`editor-panes editor-${mode}`}>
              {mode !== 'preview' && (
                <textarea
                  className="editor-text"
                  aria-label={`Text of ${doc.path}`}
                  spellCheck
                  value={doc.draft}
                  onChange={(e) => setDraft(e.target.value)}
                />
              )}
              {mode !== 'edit' && (
                <div className="editor-preview" aria-label="Preview" tabIndex={0}>
                  <Markdown source={doc.draft} />
                </div>
              )}
            </div>
          )}
        </div>
        {history && <HistoryPanel path={doc.path} />}
      </div>
    </section>
  );
}
