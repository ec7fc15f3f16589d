// One memory change waiting for review: what it would do (a diff against the file as it is now), who proposed
// it, and Accept / Edit / Reject. When the file changed since the proposal, the merge view resolves it.
import { useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PendingMemoryChange } from '@contract/schemas';
import { Banner } from '../../components/Banner';
import { DiffView } from '../../components/DiffView';
import { SidebarToggle } from '../../components/SidebarToggle';
import { dateTime, relativeTime } from '../../lib/format';
import { t as translate } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { ConflictView } from './ConflictView';

/** Who proposed the change, in words. */
export function pendingOrigin(change: Pick<PendingMemoryChange, 'source' | 'sessionKey' | 'tool'>): string {
  const who = change.source === 'consolidation' ? translate('memory.review.consolidation') : change.tool || translate('memory.review.aTool');
  return change.sessionKey ? translate('memory.review.origin', { who, session: change.sessionKey }) : who;
}

export function PendingReview({ change }: { change: PendingMemoryChange }): ReactElement {
  const { t } = useTranslation();
  const accept = useAppStore((s) => s.acceptPendingChange);
  const reject = useAppStore((s) => s.rejectPendingChange);
  const busy = useAppStore((s) => s.reviewBusy);
  const error = useAppStore((s) => s.reviewError);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(change.proposed);
  const titleId = `review-title-${change.id}`;

  return (
    <section className="editor-area review" aria-labelledby={titleId}>
      <header className="view-head">
        <SidebarToggle label={t('memory.tree.label')} />
        <h1 id={titleId} className="truncate" style={{ fontSize: 'var(--fs-md)' }}>
          <Trans i18nKey="memory.review.title" values={{ id: change.id, path: change.path }} components={{ path: <span className="mono" /> }} />
        </h1>
        {change.conflict ? <span className="badge badge-danger">{t('memory.review.changedSince')}</span> : <span className="badge badge-warn">{t('memory.review.waiting')}</span>}
      </header>
      <div className="review-body">
        <p className="muted">
          <Trans
            i18nKey="memory.review.proposed"
            values={{ who: pendingOrigin(change), when: relativeTime(change.createdAt), path: change.path }}
            components={{ who: <strong />, when: <span title={dateTime(change.createdAt)} /> }}
          />
        </p>
        {error && (
          <Banner tone="danger" title={t('memory.review.failed')}>
            {error}
          </Banner>
        )}
        {change.conflict ? (
          <ConflictView
            path={change.path}
            theirs={change.currentContent}
            yours={change.proposed}
            base={change.baseContent}
            saving={busy}
            error={null}
            labels={{
              title: t('memory.review.conflictTitle', { path: change.path }),
              intro: t('memory.review.conflictIntro'),
              theirs: t('memory.review.fileNow'),
              yours: t('memory.review.proposal'),
              save: t('memory.review.acceptMerged'),
              keepYours: t('memory.review.acceptAsIs'),
              takeTheirs: t('memory.review.keepFile'),
            }}
            onSave={(text) => void accept(change.id, text, change.currentVersion)}
            onKeepYours={() => void accept(change.id, change.proposed, change.currentVersion)}
            onTakeTheirs={() => void reject(change.id)}
          />
        ) : editing ? (
          <div className="field">
            <label htmlFor={`review-edit-${change.id}`}>{t('memory.review.editLabel', { path: change.path })}</label>
            <textarea id={`review-edit-${change.id}`} className="textarea editor-text" rows={14} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
        ) : (
          <DiffView before={change.currentContent} after={change.proposed} label={t('memory.review.diffLabel', { path: change.path })} />
        )}
        {!change.conflict && (
          <div className="row">
            {editing ? (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept(change.id, draft)}>
                  {t('memory.review.acceptEdited')}
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setEditing(false)}>
                  {t('memory.review.backToDiff')}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept(change.id)}>
                  {t('memory.review.accept')}
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setEditing(true)}>
                  {t('memory.review.editFirst')}
                </button>
              </>
            )}
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void reject(change.id)}>
              {t('memory.review.reject')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
