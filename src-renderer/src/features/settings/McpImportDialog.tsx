// The "Import MCP servers" dialog: the servers Claude Desktop, Cursor and VS Code have configured, each with a checkbox,
// what it runs, where it came from, the name it gets and the values it needs (asked here, secrets as password fields);
// files that could not be read are named. Adding shows what became of each.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCandidate, ImportOutcome, ImportScan } from '@contract/schemas';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useAppStore } from '../../state/store';

const CLIENT: Record<ImportCandidate['client'], string> = { 'claude-desktop': 'Claude Desktop', cursor: 'Cursor', vscode: 'VS Code' };

/** A command line as it would be typed (words with spaces or quotes quoted). */
function commandLine(c: ImportCandidate): string {
  return [c.command ?? '', ...(c.args ?? [])].map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : JSON.stringify(w))).join(' ');
}

function Candidate({ c, index, chosen, values, onToggle, onValue }: {
  c: ImportCandidate;
  index: number;
  chosen: boolean;
  values: Record<string, string>;
  onToggle(on: boolean): void;
  onValue(id: string, value: string): void;
}): ReactElement {
  const { t } = useTranslation();
  const client = c.scope === 'workspace' ? t('mcp.importing.workspace', { client: CLIENT[c.client] }) : CLIENT[c.client];
  const detailsId = `mcp-import-${index}-details`;
  return (
    <li className="mcp-import-item">
      <label className="check">
        <input type="checkbox" checked={chosen} disabled={Boolean(c.unsupported)} aria-describedby={detailsId} onChange={(e) => onToggle(e.target.checked)} />
        <span>
          <strong>{c.name}</strong> <span className="faint">{t('mcp.importing.from', { client, file: c.file })}</span>
        </span>
      </label>
      <div id={detailsId} className="mcp-import-details">
        <code className="mcp-import-command">{c.command ? t('mcp.importing.runs', { command: commandLine(c) }) : t('mcp.importing.address', { url: c.url ?? '' })}</code>
        {c.envKeys.length > 0 && <div className="faint">{t('mcp.importing.env', { keys: c.envKeys.join(', ') })}</div>}
        {c.headerKeys.length > 0 && <div className="faint">{t('mcp.importing.headers', { keys: c.headerKeys.join(', ') })}</div>}
        {c.exists ? (
          <div className="faint">{t('mcp.importing.renamed', { name: c.name, as: c.suggestedName })}</div>
        ) : (
          c.suggestedName !== c.name && <div className="faint">{t('mcp.importing.addedAs', { as: c.suggestedName })}</div>
        )}
        {c.unsupported && <div className="field-error">{t('mcp.importing.unsupported', { reason: c.unsupported })}</div>}
      </div>
      {chosen &&
        c.needs.map((need) => (
          <TextField
            key={need.id}
            id={`mcp-import-${index}-${need.id}`}
            label={need.description}
            type={need.password ? 'password' : 'text'}
            autoComplete="off"
            required
            value={values[need.id] ?? ''}
            onChange={(v) => onValue(need.id, v)}
            {...(need.password ? { hint: t('mcp.importing.secretNote') } : {})}
          />
        ))}
    </li>
  );
}

export function McpImportDialog({ onClose }: { onClose(): void }): ReactElement {
  const { t } = useTranslation();
  const scanMcpImports = useAppStore((s) => s.scanMcpImports);
  const addMcpImports = useAppStore((s) => s.addMcpImports);
  const [scan, setScan] = useState<ImportScan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<ImportOutcome[] | null>(null);

  useEffect(() => {
    void scanMcpImports().then((res) => (res.ok ? setScan(res.value) : setError(res.message)));
  }, [scanMcpImports]);

  const picked = scan?.candidates.filter((c) => chosen[c.id]) ?? [];
  const missing = picked.some((c) => c.needs.some((n) => !(values[c.id]?.[n.id] ?? '').trim()));

  const add = async () => {
    setBusy(true);
    const res = await addMcpImports(picked.map((c) => ({ id: c.id, name: c.suggestedName, values: values[c.id] ?? {} })));
    setBusy(false);
    if (res.ok) setOutcomes(res.value);
    else setError(res.message);
  };

  return (
    <Dialog title={t('mcp.importing.dialogTitle')} onClose={onClose} wide describedBy="mcp-import-note">
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!scan && !error && (
        <p className="faint" role="status">
          {t('mcp.importing.scanning')}
        </p>
      )}
      {scan && (
        <p id="mcp-import-note" className="muted">
          {scan.sandbox ? t('mcp.importing.sandboxOn') : t('mcp.importing.sandboxOff')}
        </p>
      )}
      {scan && !outcomes && (
        <>
          {scan.candidates.length === 0 && <p className="faint">{t('mcp.importing.none')}</p>}
          {scan.candidates.length > 0 && (
            <ul className="mcp-import-list" aria-label={t('mcp.importing.list')}>
              {scan.candidates.map((c, i) => (
                <Candidate
                  key={c.id}
                  c={c}
                  index={i}
                  chosen={chosen[c.id] === true}
                  values={values[c.id] ?? {}}
                  onToggle={(on) => setChosen((s) => ({ ...s, [c.id]: on }))}
                  onValue={(id, v) => setValues((s) => ({ ...s, [c.id]: { ...s[c.id], [id]: v } }))}
                />
              ))}
            </ul>
          )}
          {scan.errors.map((e) => (
            <p key={e.file} className="field-error">
              {t('mcp.importing.fileError', { file: e.file, message: e.message })}
            </p>
          ))}
          {missing && <p className="faint">{t('mcp.importing.needed')}</p>}
        </>
      )}
      {outcomes && (
        <ul className="mcp-import-results" role="status">
          {outcomes.map((o) => (
            <li key={o.id} className={o.added ? '' : 'field-error'}>
              {o.added ? t('mcp.importing.added', { name: o.name, state: o.message }) : t('mcp.importing.notAdded', { name: o.name, message: o.message })}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('mcp.importing.close')}
        </button>
        {scan && !outcomes && (
          <button type="button" className="btn btn-primary" disabled={busy || picked.length === 0 || missing} onClick={() => void add()}>
            {busy ? t('mcp.importing.adding') : t('mcp.importing.add', { count: picked.length })}
          </button>
        )}
      </div>
    </Dialog>
  );
}
