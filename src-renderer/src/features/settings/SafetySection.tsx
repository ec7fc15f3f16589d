// Approvals (mode + the remembered always-allow rules, revocable; hosts web_fetch may reach), runtime changes
// and the workspace fence.
import { useEffect, useState, type ReactElement } from 'react';
import { relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import type { SettingsDraft } from './settings-form';

interface Props {
  draft: SettingsDraft;
  update: (fn: (d: SettingsDraft) => SettingsDraft) => void;
}

const MODES = [
  { value: 'ask', label: 'Ask', text: 'Ask before anything that writes files, runs commands, contacts a new web host or changes memory (recommended).' },
  { value: 'auto', label: 'Automatic', text: 'Run every tool without asking.' },
  { value: 'readonly', label: 'Read-only', text: 'Refuse every tool that writes or runs something (allowed hosts stay reachable).' },
] as const;

const RULE_KIND = {
  tool: 'every call of',
  prefix: 'commands starting with',
  exact: 'exactly the command',
  server: 'every tool of MCP server',
  host: 'web_fetch to host',
} as const;

/**
 * "Allowed hosts": a host web_fetch may reach without asking (also where nobody can answer). Not a <form>:
 * it sits inside the settings form, and Enter here must add the host, not save the settings.
 */
function AllowHostForm(): ReactElement {
  const allowHost = useAppStore((s) => s.allowHost);
  const [host, setHost] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!host.trim()) return;
    const problem = await allowHost(host);
    setError(problem);
    if (!problem) setHost('');
  };
  return (
    <div className="row allow-host" role="group" aria-label="Add an allowed host">
      <label htmlFor="allow-host-input" className="faint">
        Allowed hosts
      </label>
      <input
        id="allow-host-input"
        className="input"
        placeholder="docs.python.org"
        value={host}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'allow-host-error' : undefined}
        onChange={(e) => setHost(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void submit();
        }}
      />
      <button type="button" className="btn btn-sm" disabled={!host.trim()} onClick={() => void submit()}>
        Allow host
      </button>
      {error && (
        <div className="field-error" id="allow-host-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function SafetySection({ draft, update }: Props): ReactElement {
  const rules = useAppStore((s) => s.approvalRules);
  const rulesError = useAppStore((s) => s.approvalRulesError);
  const loadRules = useAppStore((s) => s.loadApprovalRules);
  const revoke = useAppStore((s) => s.revokeApprovalRule);
  useEffect(() => {
    void loadRules();
  }, [loadRules]);

  return (
    <section className="card settings-section" id="settings-safety" aria-labelledby="st-safety">
      <div className="card-head">
        <h2 id="st-safety">Safety</h2>
      </div>
      <fieldset className="fieldset">
        <legend className="field-label">Approvals</legend>
        {MODES.map((m) => (
          <label key={m.value} className="radio-row">
            <input type="radio" name="approval-mode" value={m.value} checked={draft.approvalMode === m.value} onChange={() => update((d) => ({ ...d, approvalMode: m.value }))} />
            <span>
              <strong>{m.label}</strong> <span className="muted">— {m.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field-label" style={{ marginTop: 12 }}>
        Always allowed
      </div>
      {rulesError && <div className="field-error">{rulesError}</div>}
      {rules.length === 0 ? (
        <p className="faint">No saved rules. “Always allow” on an approval adds one here.</p>
      ) : (
        <ul className="rule-list" aria-label="Always-allow rules">
          {rules.map((r) => (
            <li key={r.id} className="rule">
              <span>
                {RULE_KIND[r.kind]} <span className="mono">{r.kind === 'tool' ? r.tool : r.pattern}</span>
                {(r.kind === 'prefix' || r.kind === 'exact') && (
                  <span className="faint">
                    {' '}
                    ({r.tool}{r.cwd ? <>, in <span className="mono">{r.cwd}</span></> : ', no folder: covers nothing until given again'})
                  </span>
                )}
              </span>
              <span className="faint">{relativeTime(r.createdAt)}</span>
              <span className="spacer" />
              <button type="button" className="btn btn-sm" onClick={() => void revoke(r.id)} aria-label={`Revoke: ${RULE_KIND[r.kind]} ${r.kind === 'tool' ? r.tool : r.pattern}`}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <AllowHostForm />
      <div className="stack" style={{ marginTop: 12 }}>
        <label className="check">
          <input type="checkbox" checked={draft.restrictToWorkspace} onChange={(e) => update((d) => ({ ...d, restrictToWorkspace: e.target.checked }))} />
          <span>
            Keep file tools inside the workspace <span className="faint">(restrictToWorkspace; the memory editor always is)</span>
          </span>
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.allowSet} onChange={(e) => update((d) => ({ ...d, allowSet: e.target.checked }))} />
          <span>
            Allow runtime changes <span className="faint">(tools.my.allowSet: the agent’s “my set” and the runtime panel)</span>
          </span>
        </label>
      </div>
    </section>
  );
}
