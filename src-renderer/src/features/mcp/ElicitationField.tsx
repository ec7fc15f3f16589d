// One field of a server's form: a text, number, date or email input, a checkbox, a select, or a group of
// checkboxes; its label, the server's description, "required", the secret warning and the problem are wired to it.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElicitationField as Field } from '@contract/schemas';
import { revealInvisible } from '@contract/visible-text';
import type { FieldInput } from './elicitation-inputs';

interface Props {
  idPrefix: string;
  field: Field;
  value: FieldInput;
  problem?: string;
  onChange(value: FieldInput): void;
}

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'text' } as const;

export function ElicitationField({ idPrefix, field, value, problem, onChange }: Props): ReactElement {
  const { t } = useTranslation();
  const id = `${idPrefix}-${field.name}`;
  const notes = [problem ? `${id}-problem` : '', field.description ? `${id}-about` : '', field.secretLike ? `${id}-secret` : ''].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {revealInvisible(field.label)}
      {field.required && <span className="faint"> ({t('mcp.elicitation.required')})</span>}
    </>
  );
  const common = { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': notes, 'aria-required': field.required || undefined };

  let control: ReactElement;
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field elicit-field" data-field={field.name}>
          <label className="check" htmlFor={id}>
            <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            {label}
          </label>
          <FieldNotes id={id} field={field} problem={problem} />
        </div>
      );
    case 'multi': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field elicit-field" data-field={field.name} aria-describedby={notes} aria-invalid={problem ? true : undefined}>
          <legend className="field-label">{label}</legend>
          {field.options.map((o) => (
            <label className="check" key={o.value}>
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
              />
              {revealInvisible(o.label)}
            </label>
          ))}
          <FieldNotes id={id} field={field} problem={problem} />
        </fieldset>
      );
    }
    case 'choice':
      control = (
        <select className="select" {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('mcp.elicitation.choose')}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {revealInvisible(o.label)}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      control = (
        <input
          className="input"
          {...common}
          type="text"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'text':
      control = (
        <input
          className="input"
          {...common}
          type={field.format ? INPUT_TYPE[field.format] : 'text'}
          autoComplete="off"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
  }
  return (
    <div className="field elicit-field" data-field={field.name}>
      <label htmlFor={id}>{label}</label>
      {control}
      <FieldNotes id={id} field={field} problem={problem} />
    </div>
  );
}

function FieldNotes({ id, field, problem }: { id: string; field: Field; problem?: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      {field.description && (
        <span id={`${id}-about`} className="field-hint">
          {revealInvisible(field.description)}
        </span>
      )}
      {field.secretLike && (
        <span id={`${id}-secret`} className="elicit-secret" role="note">
          {t('mcp.elicitation.secretField', { field: field.label })}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} className="field-error" data-field-error="">
          {problem}
        </span>
      )}
    </>
  );
}
