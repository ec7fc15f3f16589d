// The open memory file: edit / preview / split, Ctrl/Cmd+S, unsaved marker, notices when the file
// changed on disk, the conflict view, and the history panel.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { Icon } from '../../components/Icon';
import { SidebarToggle } from '../../components/SidebarToggle';
import { Markdown } from '../../components/Markdown';
import { useAppStore } from '../../state/store';
import { ConflictView, editorConflictLabels } from './ConflictView';
import { HistoryPanel } from './HistoryPanel';

type Mode = 'edit' | 'split' | 'preview';
const AUTHOR = { user: 'memory.editor.byUser', agent: 'memory.editor.byAgent', external: 'memory.editor.byExternal' } as const;
const CHANGED_WHILE_EDITING = {
  user: 'memory.editor.changedWhileEditingUser',
  agent: 'memory.editor.changedWhileEditingAgent',
  external: 'memory.editor.changedWhileEditingExternal',
} as const;
const MODE_LABEL = { edit: 'memory.editor.edit', split: 'memory.editor.split', preview: 'memory.editor.preview' } as const;

export function MemoryEditor(): ReactElement | null {
  const { t } = useTranslation();
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
    <section className="editor-area" aria-label={t('memory.editor.label', { path: doc.path })}>
      <header className="view-head">
        <SidebarToggle label={t('memory.tree.label')} />
        <h1 className="truncate mono" style={{ fontSize: 'var(--fs-md)' }}>
          {doc.path}
        </h1>
        {dirty ? (
          <span className="badge badge-warn" data-testid="unsaved-marker">
            <span className="dot" aria-hidden="true" /> {t('memory.editor.unsaved')}
          </span>
        ) : (
          <span className="badge badge-ok">{t('memory.editor.saved')}</span>
        )}
        <span className="spacer" />
        <div className="segmented" role="radiogroup" aria-label={t('memory.editor.layout')}>
          {(['edit', 'split', 'preview'] as const).map((m) => (
            <label key={m} className="segment">
              <input type="radio" name="editor-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              <span>{t(MODE_LABEL[m])}</span>
            </label>
          ))}
        </div>
        <button type="button" className="btn btn-sm" aria-pressed={history} onClick={() => setHistory(!history)}>
          <Icon name="history" size={14} /> {t('memory.editor.history')}
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={!dirty || doc.saving || doc.conflict !== null} onClick={() => void save()} title={t('memory.editor.saveHint')}>
          <Icon name="save" size={14} /> {doc.saving ? t('memory.editor.saving') : t('memory.editor.save')}
        </button>
      </header>
      <div className="editor-main">
        <div className="editor-column">
          <div className="editor-notices">
            {doc.reloadedBy && (
              <Banner
                tone="info"
                title={t('memory.editor.changedBy', { path: doc.path, who: t(AUTHOR[doc.reloadedBy]) })}
                actions={
                  <button type="button" className="btn btn-sm btn-ghost" onClick={dismiss}>
                    {t('memory.editor.ok')}
                  </button>
                }
              >
                {t('memory.editor.reloaded')}
              </Banner>
            )}
            {doc.external && !doc.conflict && (
              <Banner
                tone="warn"
                title={t(CHANGED_WHILE_EDITING[doc.external.author], { path: doc.path })}
                actions={
                  <>
                    <button type="button" className="btn btn-sm btn-primary" onClick={compare}>
                      {t('memory.editor.compare')}
                    </button>
                    <button type="button" className="btn btn-sm" onClick={takeDisk}>
                      {t('memory.editor.dropMine')}
                    </button>
                  </>
                }
              >
                {t('memory.editor.editsKept')}
              </Banner>
            )}
            {doc.error && !doc.conflict && (
              <Banner tone="danger" title={t('memory.editor.saveFailed')}>
                {doc.error}
              </Banner>
            )}
          </div>
          {doc.conflict ? (
            <ConflictView
              theirs={doc.conflict.theirs}
              yours={doc.conflict.yours}
              base={doc.conflict.base}
              path={doc.path}
              saving={doc.saving}
              error={doc.error}
              labels={{ ...editorConflictLabels(t), title: t('memory.editor.changedOnDisk', { path: doc.path }) }}
              onSave={(text) => void resolveConflict(text)}
              onKeepYours={() => void resolveConflict(doc.conflict!.yours)}
              onTakeTheirs={takeDisk}
            />
          ) : (
            <div className={`editor-panes editor-${mode}`}>
              {mode !== 'preview' && (
                <textarea
                  className="editor-text"
                  data-main-control=""
                  aria-label={t('memory.editor.text', { path: doc.path })}
                  spellCheck
                  value={doc.draft}
                  onChange={(e) => setDraft(e.target.value)}
                />
              )}
              {mode !== 'edit' && (
                <div className="editor-preview" aria-label={t('memory.editor.previewLabel')} tabIndex={0}>
                  <Markdown source={doc.draft} hideComments />
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
