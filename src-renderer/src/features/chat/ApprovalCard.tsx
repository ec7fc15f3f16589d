// An approval request inline in the chat: the full arguments (working dir and why no rule covers it for exec,
// host and full URL for egress, the diff for a memory change), then Allow once / Always allow (when offered) /
// Deny. After the decision it shows what was chosen.
import { memo, useEffect, useState, type ReactElement } from 'react';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import type { ChatItem } from '../../state/types';
import { prettyArgs } from './ToolCallCard';
import { EgressTarget } from './EgressTarget';
import { DiffView } from '../../components/DiffView';
import { SandboxNote } from './SandboxNote';
import { revealInvisible } from '../../lib/visible-text';

type ApprovalItem = Extract<ChatItem, { kind: 'approval' }>;

const CATEGORY_LABEL = {
  read: 'reads data',
  write: 'changes files',
  command: 'runs a command',
  network: 'sends a request to a web host',
  memory: 'changes what the agent is told every turn',
} as const;
const DECISION_TEXT = {
  allow_once: 'Allowed once',
  allow_always: 'Always allowed',
  deny: 'Denied',
  expired: 'Expired — the request timed out',
} as const;

function useSecondsLeft(expiresAt: number, active: boolean): number | null {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [active]);
  if (!active || !expiresAt) return null;
  return Math.max(0, Math.round((expiresAt - now) / 1000));
}

export const ApprovalCard = memo(function ApprovalCard({ item }: { item: ApprovalItem }): ReactElement {
  const resolve = useAppStore((s) => s.resolveApproval);
  const [busy, setBusy] = useState(false);
  const { request, decision } = item;
  const pending = decision === 'pending';
  const secondsLeft = useSecondsLeft(request.expiresAt, pending);
  const titleId = `approval-title-${request.id}`;

  const answer = async (d: 'allow_once' | 'allow_always' | 'deny') => {
    setBusy(true);
    await resolve(request.id, d);
    setBusy(false);
  };

  return (
    <section className={pending ? 'approval-card' : 'approval-card approval-done'} data-state={decision} aria-labelledby={titleId} role="group">
      <div className="approval-title" id={titleId}>
        <Icon name="shield" size={16} />
        <span>
          Allow <span className="mono">{request.tool}</span>? <span className="muted">It {CATEGORY_LABEL[request.category]}.</span>
        </span>
        <span className="spacer" />
        {pending && secondsLeft !== null && secondsLeft < 600 && <span className="faint">{secondsLeft} s left</span>}
        {!pending && <span className={decision === 'deny' || decision === 'expired' ? 'badge badge-danger' : 'badge badge-ok'}>{DECISION_TEXT[decision]}</span>}
      </div>
      {pending && request.workingDir && (
        <div className="faint">
          Working directory: <span className="mono">{revealInvisible(request.workingDir)}</span>
        </div>
      )}
      {pending && request.egress && <EgressTarget egress={request.egress} />}
      {pending && request.notCovered && (
        <div className="approval-why" data-code={request.notCovered.code}>
          <span className="muted">Not covered by a rule:</span> {request.notCovered.message}
        </div>
      )}
      {pending && request.sandbox && <SandboxNote state={request.sandbox} />}
      {pending && request.memory && (
        <div className="approval-memory">
          <div>
            <span className="mono">{request.memory.path}</span> is part of what the agent reads with every message. The change:
          </div>
          <DiffView before={revealInvisible(request.memory.before)} after={revealInvisible(request.memory.after)} label={`Proposed change to ${request.memory.path}`} />
        </div>
      )}
      {pending &&
        (request.memory ? (
          <details>
            <summary className="faint">Arguments</summary>
            <pre className="pre" aria-label="Arguments">
              {prettyArgs(request.args)}
            </pre>
          </details>
        ) : (
          <pre className="pre" aria-label="Arguments">
            {prettyArgs(request.args)}
          </pre>
        ))}
      {pending && (
        <div className="approval-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer('allow_once')}>
            Allow once
          </button>
          {request.alwaysLabel !== undefined && (
            <button type="button" className="btn" disabled={busy} onClick={() => void answer('allow_always')} title={`Remember: ${request.alwaysLabel}`}>
              {request.egress ? 'Always allow this host' : 'Always allow'} <span className="mono faint">{request.alwaysLabel}</span>
            </button>
          )}
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void answer('deny')}>
            Deny
          </button>
        </div>
      )}
    </section>
  );
});
