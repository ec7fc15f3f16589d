// A file's history: every version with time and author; pick one to see its diff against the current
// text and revert to it.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog';
import { currentLocale } from '../../i18n/i18n';
import { dateTime, relativeTime } from '../../lib/format';
import { lineDiff } from '../../lib/merge';
import { DiffView } from '../../components/DiffView';
import { useAppStore } from '../../state/store';

const AUTHOR_LABEL = { user: 'memory.history.byUser', agent: 'memory.history.byAgent', external: 'memory.history.byExternal', system: 'memory.history.bySystem' } as const;

export function HistoryPanel({ path }: { path: string }): ReactElement {
  const { t } = useTranslation();
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
    <aside className="history" aria-label={t('memory.history.label', { path })}>
      <div className="history-head">
        <h2>{t('memory.history.title')}</h2>
        <span className="faint">{versions ? t('memory.history.versions', { count: versions.list.length }) : t('common.actions.loading')}</span>
      </div>
      {versions?.error && <div className="field-error">{versions.error}</div>}
      <ul className="version-list" aria-label={t('memory.history.list')}>
        {versions?.list.map((v) => (
          <li key={v.id}>
            <button type="button" className="version-btn" aria-current={view?.id === v.id ? 'true' : undefined} onClick={() => void select(view?.id === v.id ? null : v.id)}>
              <span className={`badge ${v.author === 'agent' ? 'badge-accent' : v.author === 'user' ? 'badge-ok' : ''}`}>{t(AUTHOR_LABEL[v.author])}</span>
              <span title={dateTime(v.createdAt)}>{relativeTime(v.createdAt)}</span>
              <span className="spacer" />
              <span className="faint">{t('memory.history.bytes', { size: v.size.toLocaleString(currentLocale()) })}</span>
            </button>
          </li>
        ))}
      </ul>
      {view && (
        <div className="version-detail">
          <div className="row">
            <strong>
              {t('memory.history.versionOf', { who: t(AUTHOR_LABEL[view.author]), when: dateTime(view.createdAt) })}
            </strong>
            <span className="spacer" />
            <button type="button" className="btn btn-sm btn-primary" disabled={!changed} onClick={() => setConfirm(true)}>
              {t('memory.history.revertTo')}
            </button>
          </div>
          <div className="faint">{changed ? t('memory.history.changesSince') : t('memory.history.same')}</div>
          {changed && <DiffView before={view.content} after={current} label={t('memory.history.diffLabel')} />}
        </div>
      )}
      {confirm && view && (
        <ConfirmDialog
          title={t('memory.history.confirmTitle')}
          body={
            <>
              {t('memory.history.confirmBody', { path, when: dateTime(view.createdAt) })}
              {dirty && t('memory.history.confirmDirty')}
            </>
          }
          confirmLabel={t('memory.history.revert')}
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
