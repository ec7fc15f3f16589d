// The `my` overview for the chosen session: model, preset switcher, limits, usage, and the policy's
// answers to every change attempt (errors shown as they come).
import type { ReactElement } from 'react';
import { CONFIG_BOUNDS } from '@contract/config-bounds';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { currentLocale } from '../../i18n/i18n';
import { compactNumber } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { ReadOnlyNote } from './ReadOnlyNote';
import { SetControl } from './SetControl';
import { sandboxText } from '../chat/SandboxNote';
import { PLAIN_KEYS, plainLabel, plainValue } from './plain-words';
import { usageLine, usageSplit } from '../../lib/usage-text';
import { usageWithCost } from '@contract/usage-cost';

/** `4,096–1,000,000`: a config bound as the hints show it. */
const range = (b: { min: number; max: number }): string => `${b.min.toLocaleString(currentLocale())}–${b.max.toLocaleString(currentLocale())}`;

const n = (value: number): string => value.toLocaleString(currentLocale());

const NO_PRICES = {};

function numberText(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' && /^\d+$/.test(value) ? value : '';
}

export function OverviewCard(): ReactElement {
  const { t } = useTranslation();
  const entries = useAppStore((s) => s.runtimeEntries);
  const allowSet = useAppStore((s) => s.runtimeAllowSet);
  const error = useAppStore((s) => s.runtimeError);
  const presets = useAppStore((s) => s.presets);
  const activePreset = useAppStore((s) => s.activePreset);
  const messages = useAppStore((s) => s.policyMessages);
  const dismiss = useAppStore((s) => s.dismissPolicyMessage);
  const switchPreset = useAppStore((s) => s.switchPreset);
  const sessionKey = useAppStore((s) => s.runtimeSessionKey ?? s.activeSessionKey);
  const live = useAppStore((s) => (sessionKey ? s.liveUsage[sessionKey] : undefined));
  const heartbeatToday = useAppStore((s) => s.heartbeat?.tokensToday ?? null);
  const today = useAppStore((s) => s.runtimeUsageToday);
  const chat = useAppStore((s) => s.runtimeSessionUsage);
  const prices = useAppStore((s) => s.settings?.config.prices ?? NO_PRICES);
  const sandbox = useAppStore((s) => s.runtimeSandbox);
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const active = presets.find((p) => p.name === activePreset);
  const activeInfo = active?.contextWindowTokens ? t('runtime.overview.tokenWindow', { size: compactNumber(active.contextWindowTokens) }) : '';
  const entry = (k: string) => byKey.get(k);
  const lockFor = (k: string): string | null => {
    if (!allowSet) return t('runtime.overview.allowSetOff');
    const e = entry(k);
    if (e && e.access !== 'settable') return t('runtime.overview.policyMarks', { key: k, access: e.access.replace('_', '-') });
    return null;
  };

  return (
    <section className="card" aria-labelledby="rt-overview">
      <div className="card-head">
        <Icon name="bolt" size={16} />
        <h2 id="rt-overview">{t('runtime.overview.title')}</h2>
        <span className="spacer" />
        {allowSet ? <span className="badge badge-ok">{t('runtime.overview.changesAllowed')}</span> : <span className="badge">{t('runtime.overview.readOnly')}</span>}
      </div>
      {error && <div className="field-error">{error}</div>}
      {!allowSet && <ReadOnlyNote />}
      <div className="rt-grid">
        <div className="set-control">
          <label htmlFor="rt-preset" className="field-label">
            {t('runtime.overview.preset')} <span className="mono faint">model_preset</span>
          </label>
          <div className="row">
            <select id="rt-preset" className="select" value={activePreset ?? ''} aria-describedby="rt-preset-why" onChange={(e) => void switchPreset(e.target.value)}>
              {presets.map((p) => (
                <option key={p.name} value={p.name}>
                  {t('runtime.overview.presetOption', { name: p.name, model: p.model })}
                </option>
              ))}
            </select>
            <span className="badge badge-ok">{t('runtime.overview.yourChoice')}</span>
          </div>
          <span id="rt-preset-why" className="field-hint">
            {activeInfo ? `${activeInfo}. ` : ''}
            {t('runtime.overview.presetYours')} {allowSet ? t('runtime.overview.agentMaySwitch') : t('runtime.overview.agentMayNot')}
          </span>
        </div>
        <SetControl name="max_iterations" label={t('runtime.overview.maxIterations')} type="number" value={numberText(entry('max_iterations')?.value)} lockedReason={lockFor('max_iterations')} hint={t('runtime.overview.maxIterationsHint', { range: range(CONFIG_BOUNDS.maxIterations) })} />
        <SetControl
          name="context_window_tokens"
          label={t('runtime.overview.contextWindow')}
          type="number"
          value={numberText(entry('context_window_tokens')?.value)}
          lockedReason={lockFor('context_window_tokens')}
          hint={t('runtime.overview.contextWindowHint', { range: range(CONFIG_BOUNDS.contextWindowTokens) })}
        />
      </div>
      <div aria-live="polite" className="policy-messages">
        {messages.map((m) => (
          <div key={m.id} className={`policy-msg ${m.ok ? 'policy-ok' : 'policy-err'}`} role={m.ok ? 'status' : 'alert'}>
            <Icon name={m.ok ? 'check' : 'alert'} size={14} />
            <span className="mono">{m.text}</span>
            <span className="spacer" />
            <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('runtime.overview.dismiss')} onClick={() => dismiss(m.id)}>
              <Icon name="x" size={12} />
            </button>
          </div>
        ))}
      </div>
      <dl className="kv kv-plain">
        {PLAIN_KEYS.map((k) => {
          const e = entry(k);
          if (!e) return null;
          return [
            <dt key={`${k}-t`}>
              {plainLabel(k)}
            </dt>,
            <dd key={`${k}-d`} data-key={k}>
              <span className={k === 'model' || k === 'workspace' ? 'mono' : undefined}>{plainValue(k, e.value)}</span>{' '}
              <span className="mono faint rt-agent-key" title={`${t('runtime.plain.agentReads')} ${e.display ?? ''}`}>
                {k}
              </span>
            </dd>,
          ];
        })}
        <dt>{t('runtime.overview.sandbox')}</dt>
        <dd data-testid="exec-sandbox" data-status={sandbox?.status ?? 'unknown'} className={sandbox && sandbox.status !== 'on' ? 'rt-sandbox-off' : undefined}>
          {sandbox ? sandboxText(sandbox) : '—'}
        </dd>
        <dt>{t('runtime.plain.lastAnswer')}</dt>
        <dd data-testid="usage-last-turn">
          {live ? `${usageLine(usageWithCost([live], prices))} (${usageSplit(live)}) · ${live.model}` : t('runtime.overview.noTurn')}
        </dd>
        <dt>{t('runtime.plain.thisChat')}</dt>
        <dd data-testid="usage-session">{chat ? `${usageLine(chat)} (${usageSplit(chat)})` : '—'}</dd>
        <dt>{t('runtime.plain.today')}</dt>
        <dd data-testid="usage-today">
          {today === null ? '—' : `${usageLine(today)} (${usageSplit(today)})`}
          {heartbeatToday ? ` · ${t('runtime.plain.ofWhichHeartbeat', { tokens: n(heartbeatToday) })}` : ''}
        </dd>
        {today?.byModel && today.byModel.length > 0 && (
          <>
            <dt>{t('runtime.overview.byModel')}</dt>
            <dd className="mono" data-testid="usage-by-model">
              {today.byModel.map((m) => `${m.model} ${n(m.totalTokens)}`).join(' · ')}
            </dd>
          </>
        )}
      </dl>
      {Object.keys(prices).length === 0 && <p className="field-hint">{t('runtime.plain.noCost')}</p>}
    </section>
  );
}
