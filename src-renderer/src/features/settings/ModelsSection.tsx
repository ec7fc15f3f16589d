// The default model (provider + model) and the named model presets the runtime panel switches between.
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { draftId, type FieldErrors, type PresetDraft, type SettingsDraft } from './settings-form';
import type { ApplyChoice } from './instant-change';
import { ConfigKey } from './ConfigKey';

interface Props {
  draft: SettingsDraft;
  errors: FieldErrors;
  update: (fn: (d: SettingsDraft) => SettingsDraft) => void;
  apply: ApplyChoice;
}

export function ModelsSection({ draft, errors, update, apply }: Props): ReactElement {
  const { t } = useTranslation();
  const names = draft.providers.map((p) => p.name).filter(Boolean);
  const setPreset = (id: string, patch: Partial<PresetDraft>) => update((d) => ({ ...d, presets: d.presets.map((m) => (m.id === id ? { ...m, ...patch } : m)) }));

  return (
    <section className="card settings-section" id="settings-models" aria-labelledby="st-models">
      <div className="card-head">
        <h2 id="st-models">{t('settings.models.title')}</h2>
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="st-agent-provider">{t('settings.models.defaultProvider')}</label>
          {names.length ? (
            <select
              id="st-agent-provider"
              className="select"
              value={draft.agentProvider}
              aria-invalid={errors.agentProvider ? true : undefined}
              aria-describedby={errors.agentProvider ? 'st-agent-provider-error' : undefined}
              onChange={(e) => update((d) => ({ ...d, agentProvider: e.target.value }))}
            >
              {!names.includes(draft.agentProvider) && <option value={draft.agentProvider}>{t('settings.models.missing', { name: draft.agentProvider })}</option>}
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          ) : (
            <input id="st-agent-provider" className="input" value={draft.agentProvider} readOnly aria-describedby="st-agent-provider-hint" />
          )}
          {errors.agentProvider && (
            <span id="st-agent-provider-error" className="field-error" data-field-error="">
              {errors.agentProvider}
            </span>
          )}
          {!names.length && (
            <span id="st-agent-provider-hint" className="field-hint">
              {t('settings.models.fromEnvironment')}
            </span>
          )}
        </div>
        <TextField id="st-agent-model" label={t('settings.models.defaultModel')} value={draft.agentModel} error={errors.agentModel} spellCheck={false} onChange={(v) => update((d) => ({ ...d, agentModel: v }))} />
        <label className="check" style={{ alignSelf: 'end', paddingBottom: 6 }}>
          <input type="checkbox" checked={draft.vision} onChange={(e) => {
              const vision = e.target.checked;
              void apply((d) => ({ ...d, vision }), 'settings.models.vision');
            }}
          />
          {t('settings.models.vision')} <ConfigKey name="agent.vision" />
        </label>
      </div>
      <h3 className="subhead">{t('settings.models.presets')}</h3>
      <p className="faint">
        <Trans i18nKey="settings.models.presetsIntro" components={{ code: <span className="mono" /> }} />
      </p>
      <div className="stack">
        {draft.presets.map((m) => (
          <div key={m.id} className="preset-row" role="group" aria-label={t('settings.models.preset', { name: m.name || t('settings.providers.unnamed') })}>
            <TextField id={`ps-${m.id}-name`} label={t('settings.models.name')} value={m.name} error={errors[`preset.${m.id}.name`]} onChange={(v) => setPreset(m.id, { name: v.trim() })} />
            <div className="field">
              <label htmlFor={`ps-${m.id}-provider`}>{t('settings.models.provider')}</label>
              <select
                id={`ps-${m.id}-provider`}
                className="select"
                value={m.provider}
                aria-invalid={errors[`preset.${m.id}.provider`] ? true : undefined}
                onChange={(e) => setPreset(m.id, { provider: e.target.value })}
              >
                <option value="">{t('settings.models.defaultProviderOption')}</option>
                {names.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {errors[`preset.${m.id}.provider`] && <span className="field-error">{errors[`preset.${m.id}.provider`]}</span>}
            </div>
            <TextField id={`ps-${m.id}-model`} label={t('settings.models.model')} value={m.model} error={errors[`preset.${m.id}.model`]} spellCheck={false} onChange={(v) => setPreset(m.id, { model: v })} />
            <TextField
              id={`ps-${m.id}-ctx`}
              label={t('settings.models.contextWindow')}
              value={m.contextWindowTokens}
              inputMode="numeric"
              placeholder={t('settings.models.contextDefault')}
              error={errors[`preset.${m.id}.contextWindowTokens`]}
              onChange={(v) => setPreset(m.id, { contextWindowTokens: v })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm btn-danger preset-remove"
              aria-label={t('settings.models.remove', { name: m.name })}
              onClick={() => update((d) => ({ ...d, presets: d.presets.filter((x) => x.id !== m.id) }))}
            >
              <Icon name="trash" size={13} />
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => update((d) => ({ ...d, presets: [...d.presets, { id: draftId('m'), original: null, name: `preset${d.presets.length + 1}`, provider: '', model: '', contextWindowTokens: '' }] }))}
          >
            <Icon name="plus" size={12} /> {t('settings.models.add')}
          </button>
        </div>
      </div>
    </section>
  );
}
