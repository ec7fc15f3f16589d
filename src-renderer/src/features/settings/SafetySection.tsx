// Approvals (mode + the remembered always-allow rules, revocable; hosts web_fetch may reach), runtime changes
// the OS sandbox of commands, runtime changes and the workspace fence.
import { useEffect, useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import type { ApprovalRule } from '@contract/schemas';
import type { SettingsDraft } from './settings-form';
import { ExecSandboxFields } from './ExecSandboxFields';
import type { ApplyChoice } from './instant-change';
import { ConfigKey } from './ConfigKey';

interface Props {
  draft: SettingsDraft;
  apply: ApplyChoice;
}

const MODES = [
  { value: 'ask', label: 'settings.safety.ask', text: 'settings.safety.askText' },
  { value: 'auto', label: 'settings.safety.auto', text: 'settings.safety.autoText' },
  { value: 'readonly', label: 'settings.safety.readonly', text: 'settings.safety.readonlyText' },
] as const;

const RULE_KIND = {
  tool: 'settings.safety.ruleTool',
  prefix: 'settings.safety.rulePrefix',
  exact: 'settings.safety.ruleExact',
  server: 'settings.safety.ruleServer',
  host: 'settings.safety.ruleHost',
  mcp_tool: 'settings.safety.ruleMcpTool',
} as const;

/** What a rule names: the tool, the MCP server and tool (`server · tool`), or the pattern. */
function ruleTarget(r: ApprovalRule): string {
  if (r.kind === 'tool') return r.tool;
  if (r.kind === 'mcp_tool') return `${r.pattern} · ${r.tool}`;
  return r.pattern;
}

/**
 * "Allowed hosts": a host web_fetch may reach without asking (also where nobody can answer). Not a <form>:
 * it sits inside the settings form, and Enter here must add the host, not save the settings.
 */
function AllowHostForm(): ReactElement {
  const { t } = useTranslation();
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
    <div className="row allow-host" role="group" aria-label={t('settings.safety.addHost')}>
      <label htmlFor="allow-host-input" className="faint">
        {t('settings.safety.allowedHosts')}
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
        {t('settings.safety.allowHost')}
      </button>
      {error && (
        <div className="field-error" id="allow-host-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function SafetySection({ draft, apply }: Props): ReactElement {
  const { t } = useTranslation();
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
        <h2 id="st-safety">{t('settings.safety.title')}</h2>
      </div>
      <fieldset className="fieldset">
        <legend className="field-label">
          {t('settings.safety.approvals')} <ConfigKey name="tools.approval.mode" />
        </legend>
        {MODES.map((m) => (
          <label key={m.value} className="radio-row">
            <input type="radio" name="approval-mode" value={m.value} checked={draft.approvalMode === m.value} onChange={() => void apply((d) => ({ ...d, approvalMode: m.value }), 'settings.safety.approvals')} />
            <span>
              <strong>{t(m.label)}</strong> <span className="muted">— {t(m.text)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field-label" style={{ marginTop: 12 }}>
        {t('settings.safety.alwaysAllowed')}
      </div>
      {rulesError && <div className="field-error">{rulesError}</div>}
      {rules.length === 0 ? (
        <p className="faint">{t('settings.safety.noRules')}</p>
      ) : (
        <ul className="rule-list" aria-label={t('settings.safety.rules')}>
          {rules.map((r) => (
            <li key={r.id} className="rule">
              <span>
                {t(RULE_KIND[r.kind])} <span className="mono">{ruleTarget(r)}</span>
                {(r.kind === 'prefix' || r.kind === 'exact') && (
                  <span className="faint">
                    {' '}
                    {r.cwd ? (
                      <Trans i18nKey="settings.safety.ruleIn" values={{ tool: r.tool, cwd: r.cwd }} components={{ path: <span className="mono" /> }} />
                    ) : (
                      t('settings.safety.ruleNoFolder', { tool: r.tool })
                    )}
                  </span>
                )}
              </span>
              <span className="faint">{relativeTime(r.createdAt)}</span>
              <span className="spacer" />
              <button type="button" className="btn btn-sm" onClick={() => void revoke(r.id)} aria-label={t('settings.safety.revokeRule', { rule: t(RULE_KIND[r.kind]), target: ruleTarget(r) })}>
                {t('settings.safety.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AllowHostForm />
      <ExecSandboxFields draft={draft} apply={apply} />
      <div className="stack" style={{ marginTop: 12 }}>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.restrictToWorkspace}
            onChange={(e) => {
              const restrictToWorkspace = e.target.checked;
              void apply((d) => ({ ...d, restrictToWorkspace }), 'settings.safety.restrict');
            }}
          />
          <span>
            {t('settings.safety.restrict')} <span className="faint">{t('settings.safety.restrictNote')}</span> <ConfigKey name="tools.restrictToWorkspace" />
          </span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.allowSet}
            onChange={(e) => {
              const allowSet = e.target.checked;
              void apply((d) => ({ ...d, allowSet }), 'settings.safety.allowSet');
            }}
          />
          <span>
            {t('settings.safety.allowSet')} <span className="faint">{t('settings.safety.allowSetNote')}</span> <ConfigKey name="tools.my.allowSet" />
          </span>
        </label>
      </div>
    </section>
  );
}
