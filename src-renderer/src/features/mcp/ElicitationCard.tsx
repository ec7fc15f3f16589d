// An MCP server's request for input, waiting in its chat (and in quick ask): which server asks, its message
// (invisible characters shown), then the form (the note that answers go to the server only, secret warnings, Send /
// Decline / Dismiss) or the link (the host first, a lookalike warning, the full address, Open page only for https
// or loopback). A refused answer keeps what was typed and marks the fields to fix.
import { memo, useEffect, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ElicitationAction, ElicitationRequest } from '@contract/schemas';
import { Icon } from '../../components/Icon';
import { revealInvisible } from '@contract/visible-text';
import { useAppStore } from '../../state/store';
import { ElicitationField } from './ElicitationField';
import { contentOf, initialInputs, problemMessages, type FieldInput } from './elicitation-inputs';

/** The card's buttons: its own first (Send, Open page), then Decline and Dismiss. */
function Answers({ busy, answer, children }: { busy: boolean; answer(action: ElicitationAction): Promise<void>; children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="elicit-actions">
      {children}
      <button type="button" className="btn" disabled={busy} onClick={() => void answer('decline')}>
        {t('mcp.elicitation.decline')}
      </button>
      <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void answer('cancel')}>
        {t('mcp.elicitation.dismiss')}
      </button>
    </div>
  );
}

function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((expiresAt - now) / 1000));
}

export const ElicitationCard = memo(function ElicitationCard({ request }: { request: ElicitationRequest }): ReactElement {
  const { t } = useTranslation();
  const respond = useAppStore((s) => s.respondElicitation);
  const [inputs, setInputs] = useState<Record<string, FieldInput>>(() => initialInputs(request.fields ?? []));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const secondsLeft = useSecondsLeft(request.expiresAt);
  const titleId = `elicit-title-${request.id}`;
  const fields = request.fields ?? [];
  const problemCount = Object.keys(problems).length;

  const answer = async (action: ElicitationAction): Promise<void> => {
    setBusy(true);
    const found = await respond(request.id, action, action === 'accept' && request.mode === 'form' ? contentOf(fields, inputs) : undefined);
    setBusy(false);
    setProblems(problemMessages(found));
    // The first field to fix takes the focus, so the keyboard lands where the work is.
    if (found[0]) window.setTimeout(() => form.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(found[0]!.field)}"] input, [data-field="${CSS.escape(found[0]!.field)}"] select`)?.focus(), 0);
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void answer('accept');
  };

  return (
    <section className="elicit-card" data-mode={request.mode} aria-labelledby={titleId} role="group" tabIndex={-1}>
      <div className="elicit-title" id={titleId}>
        <Icon name="server" size={16} />
        <span>
          <Trans
            i18nKey={request.mode === 'url' ? 'mcp.elicitation.asksOpen' : 'mcp.elicitation.asks'}
            values={{ server: request.server }}
            components={{ server: <span className="mono" /> }}
          />
        </span>
        <span className="spacer" />
        {secondsLeft < 600 && <span className="faint">{t('mcp.elicitation.secondsLeft', { seconds: secondsLeft })}</span>}
      </div>
      {request.message && <p className="elicit-message">{revealInvisible(request.message)}</p>}
      {request.link ? (
        <div className="elicit-link">
          <div>
            <Trans i18nKey="mcp.elicitation.host" values={{ host: request.link.host }} components={{ host: <span className="mono egress-host" /> }} />
          </div>
          {request.link.unicodeHost && (
            <div className="egress-lookalike" role="note">
              <Trans i18nKey="mcp.elicitation.lookalike" values={{ name: request.link.unicodeHost }} components={{ name: <span className="mono" /> }} />
            </div>
          )}
          <pre className="pre egress-url" aria-label={t('mcp.elicitation.fullUrl')}>
            {revealInvisible(request.link.url)}
          </pre>
          {!request.link.opens && (
            <p className="elicit-secret" role="note">
              {t('mcp.elicitation.notOpened')}
            </p>
          )}
          <Answers busy={busy} answer={answer}>
            {request.link.opens && (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer('accept')}>
                <Icon name="external" size={13} /> {t('mcp.elicitation.open')}
              </button>
            )}
          </Answers>
        </div>
      ) : (
        <form className="elicit-form" ref={form} onSubmit={submit} noValidate>
          <p className="faint elicit-note">
            <Icon name="lock" size={12} /> {t('mcp.elicitation.note')}
          </p>
          {fields.map((field) => (
            <ElicitationField
              key={field.name}
              idPrefix={`elicit-${request.id}`}
              field={field}
              value={inputs[field.name] ?? ''}
              {...(problems[field.name] ? { problem: problems[field.name] } : {})}
              onChange={(value) => setInputs((now) => ({ ...now, [field.name]: value }))}
            />
          ))}
          {problemCount > 0 && (
            <p className="field-error" role="alert">
              {t('mcp.elicitation.fixFields', { count: problemCount })}
            </p>
          )}
          <Answers busy={busy} answer={answer}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('mcp.elicitation.send')}
            </button>
          </Answers>
        </form>
      )}
    </section>
  );
});
