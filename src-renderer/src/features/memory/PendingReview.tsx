// One memory change waiting for review: what it would do (a diff against the file as it is now), who proposed
// it, and Accept / Edit / Reject. When the file changed since the proposal, the merge view resolves it.
import { useState, type ReactElement } from 'react';
import type { PendingMemoryChange } from '@contract/schemas';
import { Banner } from '../../components/Banner';
import { DiffView } from '../../components/DiffView';
import { dateTime, relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { ConflictView } from './ConflictView';

/** Who proposed the change, in words. */
export function pendingOrigin(change: Pick<PendingMemoryChange, 'source' | 'sessionKey' | 'tool'>): string {
  const where = change.sessionKey ? ` in ${change.sessionKey}` : '';
  return change.source === 'consolidation' ? `Consolidation${where}` : `${change.tool || 'A tool'}${where}`;
}

export function PendingReview({ change }: { change: PendingMemoryChange }): ReactElement {
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
        <h1 id={titleId} className="truncate" style={{ fontSize: 'var(--fs-md)' }}>
          Review change #{change.id} to <span className="mono">{change.path}</span>
        </h1>
        {change.conflict ? <span className="badge badge-danger">File changed since</span> : <span className="badge badge-warn">Waiting for you</span>}
      </header>
      <div className="review-body">
        <p className="muted">
          <strong>{pendingOrigin(change)}</strong> proposed this <span title={dateTime(change.createdAt)}>{relativeTime(change.createdAt)}</span>, when nobody
          could approve it. {change.path} is part of what the agent reads with every message, so nothing changes until you accept.
        </p>
        {error && <Banner tone="danger" title="That did not work">{error}</Banner>}
        {change.conflict ? (
          <ConflictView
            path={change.path}
            theirs={change.currentContent}
            yours={change.proposed}
            base={change.baseContent}
            saving={busy}
            error={null}
            labels={{
              title: `${change.path} changed since this was proposed`,
              intro: 'The file as it is now and the proposed text are both below.',
              theirs: 'The file now',
              yours: 'Proposed change',
              save: 'Accept merged result',
              keepYours: 'Accept the proposal as is',
              takeTheirs: 'Keep the file, reject the change',
            }}
            onSave={(text) => void accept(change.id, text, change.currentVersion)}
            onKeepYours={() => void accept(change.id, change.proposed, change.currentVersion)}
            onTakeTheirs={() => void reject(change.id)}
          />
        ) : editing ? (
          <div className="field">
            <label htmlFor={`review-edit-${change.id}`}>The text {change.path} will have</label>
            <textarea id={`review-edit-${change.id}`} className="textarea editor-text" rows={14} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
        ) : (
          <DiffView before={change.currentContent} after={change.proposed} label={`Proposed change to ${change.path}`} />
        )}
        {!change.conflict && (
          <div className="row">
            {editing ? (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept(change.id, draft)}>
                  Accept edited text
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setEditing(false)}>
                  Back to the diff
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept(change.id)}>
                  Accept
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setEditing(true)}>
                  Edit before accepting
                </button>
              </>
            )}
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void reject(change.id)}>
              Reject
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
