// Settings › Safety › Commands: whether exec runs inside the OS sandbox (tools.exec.sandbox: auto / on / off) and
// whether commands may use the network (tools.exec.network), each choice said in plain words. The user's own change,
// so it is always allowed (the `my` policy governs only what the agent changes about itself).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsDraft } from './settings-form';
import type { ApplyChoice } from './instant-change';
import { ConfigKey } from './ConfigKey';

interface Props {
  draft: SettingsDraft;
  apply: ApplyChoice;
}

const CHOICES = [
  { value: 'auto', label: 'settings.safety.sandboxAuto', text: 'settings.safety.sandboxAutoText' },
  { value: 'on', label: 'settings.safety.sandboxOn', text: 'settings.safety.sandboxOnText' },
  { value: 'off', label: 'settings.safety.sandboxOff', text: 'settings.safety.sandboxOffText' },
] as const;

const NETWORK_CHOICES = [
  { value: 'ask', label: 'settings.safety.networkAsk', text: 'settings.safety.networkAskText' },
  { value: 'on', label: 'settings.safety.networkOn', text: 'settings.safety.networkOnText' },
  { value: 'off', label: 'settings.safety.networkOff', text: 'settings.safety.networkOffText' },
] as const;

export function ExecSandboxFields({ draft, apply }: Props): ReactElement {
  const { t } = useTranslation();
  // Without network inside it, exec needs the sandbox: with the sandbox off every command is refused.
  const refusesAll = draft.execSandbox === 'off' && draft.execNetwork === 'off';
  return (
    <fieldset className="fieldset" style={{ marginTop: 16 }} aria-describedby="exec-sandbox-key">
      <legend className="field-label">{t('settings.safety.commands')}</legend>
      <p className="faint" id="exec-sandbox-key">
        {t('settings.safety.sandboxIntro')} <ConfigKey name="tools.exec.sandbox" />
      </p>
      {CHOICES.map((c) => (
        <label key={c.value} className="radio-row">
          <input
            type="radio"
            name="exec-sandbox"
            value={c.value}
            checked={draft.execSandbox === c.value}
            onChange={() => void apply((d) => ({ ...d, execSandbox: c.value }), 'settings.safety.commands')}
          />
          <span>
            <strong>{t(c.label)}</strong> <span className="muted">— {t(c.text)}</span>
          </span>
        </label>
      ))}
      <p className="faint" id="exec-network-note" style={{ marginTop: 8 }}>
        <strong>{t('settings.safety.network')}</strong> {t('settings.safety.networkNote')} <ConfigKey name="tools.exec.network" />
      </p>
      {NETWORK_CHOICES.map((c) => (
        <label key={c.value} className="radio-row">
          <input
            type="radio"
            name="exec-network"
            value={c.value}
            checked={draft.execNetwork === c.value}
            onChange={() => void apply((d) => ({ ...d, execNetwork: c.value }), 'settings.safety.network')}
            aria-describedby="exec-network-note"
          />
          <span>
            <strong>{t(c.label)}</strong> <span className="muted">— {t(c.text)}</span>
          </span>
        </label>
      ))}
      {refusesAll && (
        <div className="field-warning" role="status">
          {t('settings.safety.noNetworkNoSandbox')}
        </div>
      )}
    </fieldset>
  );
}
