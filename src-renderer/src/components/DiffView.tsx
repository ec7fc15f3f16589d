// A line diff from one text to another (+ added, − removed), readable by screen readers too. Long runs of
// unchanged lines fold to their first and last three, so a one-line change in a long file stays visible.
import type { ReactElement } from 'react';
import { foldDiff, lineDiff } from '../lib/merge';

export function DiffView({ before, after, label }: { before: string; after: string; label: string }): ReactElement {
  const rows = foldDiff(lineDiff(before, after));
  return (
    <pre className="pre diff" aria-label={label}>
      {rows.map((d, i) =>
        d.kind === 'fold' ? (
          <div key={i} className="diff-line diff-fold faint">
            … {d.count} unchanged {d.count === 1 ? 'line' : 'lines'}
          </div>
        ) : (
          <div key={i} className={`diff-line diff-${d.kind}`}>
            <span aria-hidden="true">{d.kind === 'add' ? '+ ' : d.kind === 'del' ? '- ' : '  '}</span>
            <span className="sr-only">{d.kind === 'add' ? 'added: ' : d.kind === 'del' ? 'removed: ' : ''}</span>
            {d.text || ' '}
          </div>
        ),
      )}
    </pre>
  );
}
