// A file's history: the current text first, then every earlier text with who wrote it and until when; pick one
// to see its diff against the current text and revert to it.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog';
import { currentLocale } from '../../i18n/i18n';
import { dateTime, relativeTime } from '../../lib/format';
import { lineDiff } from '../../lib/merge';
import { DiffView } from '../../components/DiffView';
import { useAppStore } from '../../state/store';
import type { MemoryVersion } from '@contract/schemas';

/** A writer's badge colour: the agent's texts stand out, the user's read as theirs. */
function badgeFor(who: string | undefined): string {
  return who === 'agent' ? 'badge-accent' : who === 'user' ? 'badge-ok' : '';
}

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

  /** Who wrote a text, in words ("earlier text" when Nanotray never saw it written). */
  const writer = (who: MemoryVersion['author'] | undefined): string => (who ? t(AUTHOR_LABEL[who]) : t('memory.history.unknownWriter'));
  const diff = view ? lineDiff(view.content, current) : [];
  const changed = diff.some((d) => d.kind !== 'same');

  return (
    <aside className="history" aria-label={t('memory.history.label', { path })}>
      <div className="history-head">
        <h2>{t('memory.history.title')}</h2>
        <span className="faint">{versions ? t('memory.history.versions', { count: versions.list.length + (versions.current ? 1 : 0) }) : t('common.actions.loading')}</span>
      </div>
      {versions?.error && <div className="field-error">{versions.error}</div>}
      <ul className="version-list" aria-label={t('memory.history.list')}>
        {versions?.current && (
          <li>
            <div className="version-btn version-now" data-testid="version-now">
              <span className={`badge ${badgeFor(versions.current.writtenBy)}`}>{writer(versions.current.writtenBy)}</span>
              <span>{t('memory.history.now')}</span>
              <span className="spacer" />
              <span className="faint">{t('memory.history.bytes', { size: versions.current.size.toLocaleString(currentLocale()) })}</span>
            </div>
          </li>
        )}
        {versions?.list.map((v) => (
          <li key={v.id}>
            <button type="button" className="version-btn" aria-current={view?.id === v.id ? 'true' : undefined} onClick={() => void select(view?.id === v.id ? null : v.id)}>
              <span className={`badge ${badgeFor(v.writtenBy)}`}>{writer(v.writtenBy)}</span>
              <span title={`${dateTime(v.createdAt)} · ${t('memory.history.replacedBy', { who: t(AUTHOR_LABEL[v.author]) })}`}>
                {t('memory.history.until', { when: relativeTime(v.createdAt) })}
              </span>
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
              {t('memory.history.versionOf', { who: writer(view.writtenBy), when: dateTime(view.createdAt) })}
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
