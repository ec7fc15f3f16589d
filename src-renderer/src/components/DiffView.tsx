// A line diff from one text to another (+ added, − removed), readable by screen readers too. Long runs of
// unchanged lines fold to their first and last three, so a one-line change in a long file stays visible.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { foldDiff, lineDiff } from '../lib/merge';

export function DiffView({ before, after, label }: { before: string; after: string; label: string }): ReactElement {
  const { t } = useTranslation();
  const rows = foldDiff(lineDiff(before, after));
  return (
    <pre className="pre diff" aria-label={label}>
      {rows.map((d, i) =>
        d.kind === 'fold' ? (
          <div key={i} className="diff-line diff-fold faint">
            {t('common.diff.unchanged', { count: d.count })}
          </div>
        ) : (
          <div key={i} className={`diff-line diff-${d.kind}`}>
            <span aria-hidden="true">{d.kind === 'add' ? '+ ' : d.kind === 'del' ? '- ' : '  '}</span>
            <span className="sr-only">{d.kind === 'add' ? t('common.diff.added') : d.kind === 'del' ? t('common.diff.removed') : ''}</span>
            {d.text || ' '}
          </div>
        ),
      )}
    </pre>
  );
}
