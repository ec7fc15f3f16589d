// An approval request inline in the chat: the arguments with hidden characters marked, the command last (working
// dir and why no rule covers it for exec, host and full URL for egress, the diff for a memory change), then Allow once / Always allow (when offered) /
// Deny / Deny with a note (keys Y / A / N / D while the card has focus, as in the CLI). After the decision it shows
// what was chosen, and the focus goes on to the next waiting card or back to the composer.
import { memo, useEffect, useState, type KeyboardEvent, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import type { ChatItem } from '../../state/types';
import { ApprovalArguments } from './ApprovalArguments';
import { EgressTarget } from './EgressTarget';
import { DiffView } from '../../components/DiffView';
import { SandboxNote } from './SandboxNote';
import { markHidden } from '@contract/shown-text';
import { wordRef } from '@contract/desktop-texts';
import type { ApprovalRequest } from '@contract/schemas';
import { currentLanguage } from '../../i18n/i18n';
import { focusAfterAnswer } from './approval-focus';
import { DenyNote } from './DenyNote';

/** Why no rule covers the command, in the window's language (the core's English when it sent no detail). */
function uncoveredText(why: NonNullable<ApprovalRequest['notCovered']>): string {
  if (why.detail === undefined) return why.message;
  return wordRef(currentLanguage(), { key: `uncovered.${why.code}`, values: { d: markHidden(why.detail) } });
}

type ApprovalItem = Extract<ChatItem, { kind: 'approval' }>;

const CATEGORY_KEY = {
  read: 'chat.approval.read',
  write: 'chat.approval.write',
  command: 'chat.approval.command',
  network: 'chat.approval.network',
  memory: 'chat.approval.memory',
} as const;
const DECISION_KEY = {
  allow_once: 'chat.approval.allowedOnce',
  allow_always: 'chat.approval.alwaysAllowed',
  deny: 'chat.approval.denied',
  expired: 'chat.approval.expired',
  stopped: 'chat.approval.stopped',
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

interface CardProps {
  item: ApprovalItem;
  /** Quick ask: after an answer the next card's "Allow once" takes the focus (as a new request's does there). */
  focusAllow?: boolean;
}

export const ApprovalCard = memo(function ApprovalCard({ item, focusAllow = false }: CardProps): ReactElement {
  const { t } = useTranslation();
  const resolve = useAppStore((s) => s.resolveApproval);
  const [busy, setBusy] = useState(false);
  const [noting, setNoting] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const { request, decision } = item;
  const pending = decision === 'pending';
  const secondsLeft = useSecondsLeft(request.expiresAt, pending);
  const titleId = `approval-title-${request.id}`;

  const answer = async (d: 'allow_once' | 'allow_always' | 'deny', note?: string) => {
    setBusy(true);
    const hadFocus = document.activeElement === document.body || Boolean(document.activeElement?.closest('.approval-card'));
    await resolve(request.id, d, note);
    setBusy(false);
    // the card leaves the dock: the focus it had goes on, never to <body>
    if (hadFocus || document.activeElement === document.body) focusAfterAnswer(focusAllow);
  };

  // The CLI's keys, on the card: Y allow once, A always allow (when offered), N deny, D deny with a note; never while
  // typing in a field.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!pending || busy || e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement).closest('input, textarea, select')) return;
    const key = e.key.toLowerCase();
    if (key === 'd') {
      e.preventDefault();
      setNoting(true);
      return;
    }
    const decision = key === 'y' ? 'allow_once' : key === 'n' ? 'deny' : key === 'a' && request.alwaysLabel !== undefined ? 'allow_always' : null;
    if (!decision) return;
    e.preventDefault();
    void answer(decision);
  };

  return (
    <section
      className={pending ? 'approval-card' : 'approval-card approval-done'}
      data-state={decision}
      aria-labelledby={titleId}
      role="group"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => setFocusInside(e.currentTarget.contains(e.relatedTarget as Node | null))}
    >
      <div className="approval-title" id={titleId}>
        <Icon name="shield" size={16} />
        <span>
          <Trans
            i18nKey="chat.approval.allowTool"
            values={{ tool: request.tool, what: t(CATEGORY_KEY[request.category]) }}
            components={{ tool: <span className="mono" />, why: <span className="muted" /> }}
          />
        </span>
        <span className="spacer" />
        {pending && secondsLeft !== null && secondsLeft < 600 && <span className="faint">{t('chat.approval.secondsLeft', { seconds: secondsLeft })}</span>}
        {!pending && <span className={decision === 'deny' || decision === 'expired' || decision === 'stopped' ? 'badge badge-danger' : 'badge badge-ok'}>{t(DECISION_KEY[decision])}</span>}
      </div>
      {pending && request.workingDir && (
        <div className="faint">
          <Trans i18nKey="chat.approval.workingDir" values={{ dir: markHidden(request.workingDir) }} components={{ path: <span className="mono" /> }} />
        </div>
      )}
      {pending && request.egress && <EgressTarget egress={request.egress} />}
      {pending && request.notCovered && (
        <div className="approval-why" data-code={request.notCovered.code}>
          <span className="muted">{t('chat.approval.notCovered')}</span> {uncoveredText(request.notCovered)}
        </div>
      )}
      {pending && request.sandbox && <SandboxNote state={request.sandbox} />}
      {pending && request.memory && (
        <div className="approval-memory">
          <div>
            <Trans i18nKey="chat.approval.memoryIntro" values={{ path: request.memory.path }} components={{ path: <span className="mono" /> }} />
          </div>
          <DiffView before={markHidden(request.memory.before)} after={markHidden(request.memory.after)} label={t('chat.approval.proposedChange', { path: request.memory.path })} />
        </div>
      )}
      {pending &&
        (request.memory ? (
          <details>
            <summary className="faint">{t('chat.approval.arguments')}</summary>
            <ApprovalArguments args={request.args} />
          </details>
        ) : (
          <ApprovalArguments args={request.args} />
        ))}
      {pending && noting && (
        <DenyNote
          requestId={request.id}
          busy={busy}
          onDeny={(note) => void answer('deny', note)}
          onCancel={() => {
            setNoting(false);
            focusAfterAnswer(true);
          }}
        />
      )}
      {pending && !noting && (
        <div className="approval-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer('allow_once')}>
            {t('chat.approval.allowOnce')}
          </button>
          {request.alwaysLabel !== undefined && (
            <button type="button" className="btn" disabled={busy} onClick={() => void answer('allow_always')} title={t('chat.approval.remember', { rule: markHidden(request.alwaysLabel) })}>
              {request.egress ? t('chat.approval.alwaysAllowHost') : t('chat.approval.alwaysAllow')} <span className="mono faint">{markHidden(request.alwaysLabel)}</span>
            </button>
          )}
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void answer('deny')}>
            {t('chat.approval.deny')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setNoting(true)}>
            {t('chat.approval.denyWithNote')}
          </button>
          <span className="faint approval-keys" aria-hidden="true">
            <Trans i18nKey={request.alwaysLabel !== undefined ? 'chat.approval.keysAlways' : 'chat.approval.keys'} components={{ kbd: <kbd /> }} />
            {!focusInside && (
              <>
                {' · '}
                <Trans i18nKey="chat.approval.keysFromComposer" components={{ kbd: <kbd /> }} />
              </>
            )}
          </span>
        </div>
      )}
    </section>
  );
});
