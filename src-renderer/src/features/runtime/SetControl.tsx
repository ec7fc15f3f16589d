// One editable runtime value: an input and a Set button, disabled (and saying why) when the policy forbids it.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

interface SetControlProps {
  name: string;
  label: string;
  value: string;
  type: 'number' | 'text';
  /** Why it cannot be changed (null when it can). */
  lockedReason: string | null;
  hint?: string;
}

export function SetControl({ name, label, value, type, lockedReason, hint }: SetControlProps): ReactElement {
  const { t } = useTranslation();
  const setValue = useAppStore((s) => s.setRuntimeValue);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(value), [value]);
  const id = `rt-${name}`;
  const locked = lockedReason !== null;

  const submit = async () => {
    setBusy(true);
    const parsed = type === 'number' && draft.trim() !== '' && !Number.isNaN(Number(draft)) ? Number(draft) : draft;
    await setValue(name, parsed);
    setBusy(false);
  };

  return (
    <form
      className="set-control"
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) void submit();
      }}
    >
      <label htmlFor={id} className="field-label">
        {label} <span className="mono faint">{name}</span>
      </label>
      <div className="row">
        <input
          id={id}
          className="input"
          type={type}
          value={draft}
          readOnly={locked}
          aria-readonly={locked}
          aria-describedby={locked ? `${id}-why` : hint ? `${id}-hint` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        {locked ? (
          <span className="badge" title={lockedReason}>
            <Icon name="lock" size={11} /> {t('runtime.overview.readOnly')}
          </span>
        ) : (
          <button type="submit" className="btn btn-sm" disabled={busy || draft === value}>
            {t('runtime.overview.set')}
          </button>
        )}
      </div>
      {locked ? (
        <span id={`${id}-why`} className="field-hint">
          {lockedReason}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        )
      )}
    </form>
  );
}
