// The file changed on disk while you edited: both versions side by side, hunk by hunk, with a choice
// per hunk (theirs / both / yours) and an editable result. Nothing is saved until you say so.
import { useMemo, useState, type ReactElement } from 'react';
import { Banner } from '../../components/Banner';
import { applyMergeChoices, buildMergeParts, hunkCount, type HunkChoice } from '../../lib/merge';
import { useAppStore } from '../../state/store';

const CHOICES: { value: HunkChoice; label: string }[] = [
  { value: 'theirs', label: 'Theirs' },
  { value: 'both', label: 'Both' },
  { value: 'yours', label: 'Yours' },
];

function lineCount(text: string): number {
  return text ? text.replace(/\n$/, '').split('\n').length : 0;
}

export function ConflictView({ theirs, yours, base, path }: { theirs: string; yours: string; base: string; path: string }): ReactElement {
  const resolve = useAppStore((s) => s.resolveMemoryConflict);
  const takeDisk = useAppStore((s) => s.takeDiskVersion);
  const saving = useAppStore((s) => s.memoryDoc?.saving ?? false);
  const error = useAppStore((s) => s.memoryDoc?.error ?? null);
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
    <div className="conflict" aria-label={`Resolve changes to ${path}`}>
      <Banner tone="warn" title={`${path} changed on disk while you were editing`}>
        Both versions are kept below. Pick a side for each of the {count} {count === 1 ? 'difference' : 'differences'} (or edit the result), then save. Nothing
        has been overwritten.
      </Banner>
      {error && <Banner tone="danger" title="Saving failed">{error}</Banner>}
      <div className="conflict-cols conflict-legend" aria-hidden="true">
        <span>On disk (theirs)</span>
        <span>Your edits (yours)</span>
      </div>
      <ol className="hunks" aria-label="Differences">
        {parts.map((part, i) =>
          part.kind === 'same' ? (
            <li key={`s${i}`} className="hunk-same faint">
              {lineCount(part.text)} unchanged {lineCount(part.text) === 1 ? 'line' : 'lines'}
            </li>
          ) : (
            <li key={`h${part.index}`} className="hunk">
              <div className="conflict-cols">
                <pre className="pre diff-del-bg" aria-label={`Theirs, difference ${part.index + 1}`}>{part.theirs || '(nothing)'}</pre>
                <pre className="pre diff-add-bg" aria-label={`Yours, difference ${part.index + 1}`}>{part.yours || '(nothing)'}</pre>
              </div>
              <div className="segmented" role="radiogroup" aria-label={`Keep for difference ${part.index + 1}`}>
                {CHOICES.map((c) => (
                  <label key={c.value} className="segment">
                    <input
                      type="radio"
                      name={`hunk-${part.index}`}
                      value={c.value}
                      checked={(choices[part.index] ?? part.defaultChoice) === c.value}
                      onChange={() => choose(part.index, c.value)}
                    />
                    <span>{c.label}</span>
                  </label>
                ))}
              </div>
            </li>
          ),
        )}
      </ol>
      <div className="field">
        <label htmlFor="merge-result">Result {edited !== null && <span className="faint">(edited by hand)</span>}</label>
        <textarea id="merge-result" className="textarea editor-text" rows={10} value={result} onChange={(e) => setEdited(e.target.value)} />
      </div>
      <div className="row">
        <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void resolve(result)}>
          Save result
        </button>
        <button type="button" className="btn" disabled={saving} onClick={() => void resolve(yours)}>
          Keep mine only
        </button>
        <button type="button" className="btn" disabled={saving} onClick={takeDisk}>
          Take theirs, drop mine
        </button>
      </div>
    </div>
  );
}
