// Two texts of one file to merge: both side by side, hunk by hunk, with a choice per hunk (theirs / both /
// yours) and an editable result. Nothing is saved until you say so. Used when the file changed on disk while
// you edited it, and when a pending memory change meets a file that changed since it was proposed.
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { applyMergeChoices, buildMergeParts, hunkCount, type HunkChoice } from '../../lib/merge';

const CHOICES = [
  { value: 'theirs', label: 'memory.merge.theirs' },
  { value: 'both', label: 'memory.merge.both' },
  { value: 'yours', label: 'memory.merge.yours' },
] as const satisfies readonly { value: HunkChoice; label: string }[];

function lineCount(text: string): number {
  return text ? text.replace(/\n$/, '').split('\n').length : 0;
}

/** What the two sides and the three ways out are called where the merge is shown. */
export interface ConflictLabels {
  title: string;
  /** The banner text before "Pick a side for each of the N differences". */
  intro: ReactNode;
  theirs: string;
  yours: string;
  save: string;
  keepYours: string;
  takeTheirs: string;
}

export interface ConflictViewProps {
  path: string;
  /** What is on disk now, what the other side wants, and the text both started from. */
  theirs: string;
  yours: string;
  base: string;
  saving: boolean;
  error: string | null;
  labels: ConflictLabels;
  onSave(result: string): void;
  onKeepYours(): void;
  onTakeTheirs(): void;
}

/** The labels of the memory editor: your unsaved edits against what another writer saved meanwhile. */
export function editorConflictLabels(t: TFunction): Omit<ConflictLabels, 'title'> {
  return {
    intro: t('memory.merge.editorIntro'),
    theirs: t('memory.merge.editorTheirs'),
    yours: t('memory.merge.editorYours'),
    save: t('memory.merge.editorSave'),
    keepYours: t('memory.merge.editorKeepYours'),
    takeTheirs: t('memory.merge.editorTakeTheirs'),
  };
}

export function ConflictView({ theirs, yours, base, path, saving, error, labels, onSave, onKeepYours, onTakeTheirs }: ConflictViewProps): ReactElement {
  const { t } = useTranslation();
  const parts = useMemo(() => buildMergeParts(theirs, yours, base), [theirs, yours, base]);
  const [choices, setChoices] = useState<Record<number, HunkChoice>>({});
  const merged = useMemo(() => applyMergeChoices(parts, choices), [parts, choices]);
  const [edited, setEdited] = useState<string | null>(null);
  const result = edited ?? merged;
  const count = hunkCount(parts);

  const choose = (index: number, value: HunkChoice) => {
    setChoices((c) => ({ ...c, [index]: value }));
    setEdited(null);
  };

  return (
    <div className="conflict" aria-label={t('memory.merge.label', { path })}>
      <Banner tone="warn" title={labels.title}>
        {labels.intro} {t('memory.merge.pick', { count })}
      </Banner>
      {error && (
        <Banner tone="danger" title={t('memory.editor.saveFailed')}>
          {error}
        </Banner>
      )}
      <div className="conflict-cols conflict-legend" aria-hidden="true">
        <span>{labels.theirs}</span>
        <span>{labels.yours}</span>
      </div>
      <ol className="hunks" aria-label={t('memory.merge.differences', { path })}>
        {parts.map((part, i) =>
          part.kind === 'same' ? (
            <li key={`s${i}`} className="hunk-same faint">
              {t('memory.merge.unchanged', { count: lineCount(part.text) })}
            </li>
          ) : (
            <li key={`h${part.index}`} className="hunk">
              <div className="conflict-cols">
                <pre className="pre diff-del-bg" aria-label={t('memory.merge.theirsHunk', { n: part.index + 1 })}>
                  {part.theirs || t('memory.merge.nothing')}
                </pre>
                <pre className="pre diff-add-bg" aria-label={t('memory.merge.yoursHunk', { n: part.index + 1 })}>
                  {part.yours || t('memory.merge.nothing')}
                </pre>
              </div>
              <div className="segmented" role="radiogroup" aria-label={t('memory.merge.keepFor', { n: part.index + 1 })}>
                {CHOICES.map((c) => (
                  <label key={c.value} className="segment">
                    <input
                      type="radio"
                      name={`hunk-${part.index}`}
                      value={c.value}
                      checked={(choices[part.index] ?? part.defaultChoice) === c.value}
                      onChange={() => choose(part.index, c.value)}
                    />
                    <span>{t(c.label)}</span>
                  </label>
                ))}
              </div>
            </li>
          ),
        )}
      </ol>
      <div className="field">
        <label htmlFor="merge-result">
          {t('memory.merge.result')} {edited !== null && <span className="faint">{t('memory.merge.editedByHand')}</span>}
        </label>
        <textarea id="merge-result" className="textarea editor-text" rows={10} value={result} onChange={(e) => setEdited(e.target.value)} />
      </div>
      <div className="row">
        <button type="button" className="btn btn-primary" disabled={saving} onClick={() => onSave(result)}>
          {labels.save}
        </button>
        <button type="button" className="btn" disabled={saving} onClick={onKeepYours}>
          {labels.keepYours}
        </button>
        <button type="button" className="btn" disabled={saving} onClick={onTakeTheirs}>
          {labels.takeTheirs}
        </button>
      </div>
    </div>
  );
}
