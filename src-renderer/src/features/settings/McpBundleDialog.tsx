// The "Install an extension" dialog: a Claude Desktop extension (.mcpb) read in main — its name, author, what it
// runs — and its user settings as a form (sensitive ones as password fields, a multiple one a line per value,
// booleans as checkboxes); Install unpacks it and adds its server, and says how that went.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleInstallResult, BundlePreview, BundleSetting } from '@contract/schemas';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useAppStore } from '../../state/store';

function SettingField({ s, value, onChange }: { s: BundleSetting; value: string; onChange(v: string): void }): ReactElement {
  const { t } = useTranslation();
  const id = `mcp-bundle-${s.key}`;
  const label = `${s.title}${s.required ? ` (${t('mcp.elicitation.required')})` : ''}`;
  // the bundle's own description, then Nanotray's notes, each on its own line
  const notes = [s.description, s.sensitive ? t('mcp.importing.secretNote') : '', s.multiple ? t('mcp.importing.multipleHint') : ''].filter(Boolean);
  const hint = notes.length ? notes.map((n, i) => (i ? [<br key={i} />, n] : n)) : undefined;
  if (s.type === 'boolean') {
    return (
      <label className="check">
        <input type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />
        <span>
          {label} {hint && <span className="faint">{hint}</span>}
        </span>
      </label>
    );
  }
  if (s.multiple) {
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} className="input" rows={3} value={value} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)} />
        {hint && (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        )}
      </div>
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      type={s.sensitive ? 'password' : s.type === 'number' ? 'number' : 'text'}
      autoComplete="off"
      required={s.required}
      value={value}
      onChange={onChange}
      {...(s.min !== undefined ? { min: s.min } : {})}
      {...(s.max !== undefined ? { max: s.max } : {})}
      {...(hint ? { hint } : {})}
    />
  );
}

export function McpBundleDialog({ preview, onClose }: { preview: BundlePreview; onClose(): void }): ReactElement {
  const { t } = useTranslation();
  const installMcpBundle = useAppStore((s) => s.installMcpBundle);
  const [name, setName] = useState(preview.suggestedName);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(preview.settings.map((s) => [s.key, s.default ?? ''])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BundleInstallResult | null>(null);
  const missing = preview.settings.some((s) => s.required && !(values[s.key] ?? '').trim()) || !name.trim();

  const install = async () => {
    setBusy(true);
    setError(null);
    const res = await installMcpBundle(preview.token, name.trim(), Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')));
    setBusy(false);
    if (res.ok) setDone(res.value);
    else setError(res.message);
  };

  return (
    <Dialog title={t('mcp.importing.bundleTitle')} onClose={onClose} wide describedBy="mcp-bundle-about">
      <div id="mcp-bundle-about">
        <p>
          <strong>{preview.displayName}</strong> {preview.version} {preview.author && <span className="faint">{t('mcp.importing.by', { author: preview.author })}</span>}
        </p>
        {preview.description && <p className="muted">{preview.description}</p>}
        <code className="mcp-import-command">{t('mcp.importing.runs', { command: [preview.command, ...preview.args].join(' ') })}</code>
        <p className="muted">{preview.sandbox ? t('mcp.importing.sandboxOn') : t('mcp.importing.sandboxOff')}</p>
      </div>
      {!done && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (!missing && !busy) void install();
          }}
        >
          <TextField id="mcp-bundle-name" label={t('mcp.importing.nameHere')} value={name} onChange={setName} required autoComplete="off" />
          {preview.settings.map((s) => (
            <SettingField key={s.key} s={s} value={values[s.key] ?? ''} onChange={(v) => setValues((old) => ({ ...old, [s.key]: v }))} />
          ))}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose}>
              {t('mcp.importing.close')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || missing}>
              {busy ? t('mcp.importing.installing') : t('mcp.importing.install')}
            </button>
          </div>
        </form>
      )}
      {done && (
        <>
          <p role="status">{t('mcp.importing.installed', { name: done.name, state: done.message })}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus="">
              {t('mcp.importing.close')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
