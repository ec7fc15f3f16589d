// "Deny with a note": a short reason typed on the approval card, sent to the model with the denial.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LIMITS } from '@contract/limits';

interface DenyNoteProps {
  requestId: string;
  busy: boolean;
  onDeny(note: string): void;
  onCancel(): void;
}

export function DenyNote({ requestId, busy, onDeny, onCancel }: DenyNoteProps): ReactElement {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const id = `deny-note-${requestId}`;
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="deny-note">
      <label htmlFor={id} className="muted">
        {t('chat.approval.noteLabel')}
      </label>
      <textarea
        id={id}
        ref={box}
        className="input"
        rows={2}
        maxLength={LIMITS.approvalNoteChars}
        value={note}
        placeholder={t('chat.approval.notePlaceholder')}
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (!busy) onDeny(note);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      <div className="approval-actions">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onDeny(note)}>
          {t('chat.approval.sendDenial')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCancel}>
          {t('common.actions.cancel')}
        </button>
        <span className="faint approval-keys" aria-hidden="true">
          <Trans i18nKey="chat.approval.noteKeys" components={{ kbd: <kbd /> }} />
        </span>
      </div>
    </div>
  );
}
