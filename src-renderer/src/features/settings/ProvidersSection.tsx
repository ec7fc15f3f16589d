// Providers: base URL, API key (write-only: typed keys are sent, stored ones only shown masked),
// "Test connection" listing the models the provider offers; add and remove.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { useAppStore } from '../../state/store';
import { draftId, type FieldErrors, type ProviderDraft, type SettingsDraft } from './settings-form';

interface Props {
  draft: SettingsDraft;
  errors: FieldErrors;
  update: (fn: (d: SettingsDraft) => SettingsDraft) => void;
  /** Saved = stored in config (a test needs a saved provider). */
  dirty: boolean;
}

type TestState = { status: 'idle' } | { status: 'busy' } | { status: 'ok'; models: string[] } | { status: 'error'; message: string };

interface RowProps {
  p: ProviderDraft;
  errors: FieldErrors;
  update: Props['update'];
  dirty: boolean;
  /** The agent's default provider and model in the draft (a listed model can become it). */
  current: { provider: string; model: string };
}

function ProviderRow({ p, errors, update, dirty, current }: RowProps): ReactElement {
  const { t } = useTranslation();
  const testProvider = useAppStore((s) => s.testProvider);
  const [test, setTest] = useState<TestState>({ status: 'idle' });
  const set = (patch: Partial<ProviderDraft>) => update((d) => ({ ...d, providers: d.providers.map((x) => (x.id === p.id ? { ...x, ...patch } : x)) }));
  const canTest = p.original !== null && !dirty;

  const runTest = async () => {
    if (!p.original) return;
    setTest({ status: 'busy' });
    const res = await testProvider(p.original);
    setTest(res.ok ? { status: 'ok', models: res.models } : { status: 'error', message: res.message });
  };

  const keyHint = p.removeKey
    ? t('settings.providers.keyRemoved')
    : p.keyNeedsReentry
      ? t('settings.providers.keyNeedsReentry')
      : p.hasKey
        ? t('settings.providers.keyStored', { masked: p.maskedKey })
        : t('settings.providers.noKey');

  return (
    <div className="provider" aria-label={t('settings.providers.provider', { name: p.name || t('settings.providers.unnamed') })} role="group">
      <div className="provider-grid">
        <TextField id={`pv-${p.id}-name`} label={t('settings.providers.name')} value={p.name} error={errors[`provider.${p.id}.name`]} onChange={(v) => set({ name: v.trim() })} autoComplete="off" />
        <TextField
          id={`pv-${p.id}-url`}
          label={t('settings.providers.baseUrl')}
          value={p.baseUrl}
          placeholder="https://api.openai.com/v1"
          error={errors[`provider.${p.id}.baseUrl`]}
          onChange={(v) => set({ baseUrl: v })}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id={`pv-${p.id}-key`}
          label={t('settings.providers.apiKey')}
          type="password"
          value={p.apiKey}
          placeholder={p.hasKey && !p.removeKey && !p.keyNeedsReentry ? p.maskedKey : 'sk-…'}
          hint={keyHint}
          autoComplete="new-password"
          spellCheck={false}
          onChange={(v) => set({ apiKey: v, removeKey: false })}
        />
      </div>
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={!canTest || test.status === 'busy'} onClick={() => void runTest()} title={canTest ? t('settings.providers.testHint') : t('settings.providers.saveFirst')}>
          {test.status === 'busy' ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={12} />} {t('settings.providers.test')}
        </button>
        {p.hasKey && !p.removeKey && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => set({ removeKey: true, apiKey: '' })}>
            {t('settings.providers.removeKey')}
          </button>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-sm btn-ghost btn-danger"
          aria-label={t('settings.providers.remove', { name: p.name })}
          onClick={() => update((d) => ({ ...d, providers: d.providers.filter((x) => x.id !== p.id) }))}
        >
          <Icon name="trash" size={12} /> {t('settings.providers.removeShort')}
        </button>
      </div>
      <div aria-live="polite">
        {!canTest && p.original === null && <span className="field-hint">{t('settings.providers.saveToTest')}</span>}
        {test.status === 'ok' && (
          <div className="test-ok" data-testid="provider-models">
            <Icon name="check" size={13} /> {t('settings.providers.connected', { count: test.models.length })}
            <div className="chips">
              {test.models.slice(0, 40).map((m) => {
                const chosen = current.provider === p.name && current.model === m;
                return (
                  <button
                    key={m}
                    type="button"
                    className="badge mono model-chip"
                    aria-pressed={chosen}
                    aria-label={t('settings.providers.useModel', { model: m })}
                    onClick={() => update((d) => ({ ...d, agentProvider: p.name, agentModel: m }))}
                  >
                    {m}
                  </button>
                );
              })}
            </div>
            {!test.models.includes(current.model) && current.provider === p.name && (
              <span className="field-hint">{t('settings.providers.defaultMissing', { model: current.model })}</span>
            )}
          </div>
        )}
        {test.status === 'error' && (
          <div className="field-error" role="alert">
            {test.message}
          </div>
        )}
      </div>
    </div>
  );
}

export function ProvidersSection({ draft, errors, update, dirty }: Props): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card settings-section" id="settings-providers" aria-labelledby="st-providers">
      <div className="card-head">
        <h2 id="st-providers">{t('settings.providers.title')}</h2>
        <span className="faint">{t('settings.providers.intro')}</span>
      </div>
      <div className="stack">
        {draft.providers.map((p) => (
          <ProviderRow key={p.id} p={p} errors={errors} update={update} dirty={dirty} current={{ provider: draft.agentProvider, model: draft.agentModel }} />
        ))}
        <div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() =>
              update((d) => ({
                ...d,
                providers: [...d.providers, { id: draftId('p'), original: null, name: d.providers.length ? `provider${d.providers.length + 1}` : 'openai', baseUrl: '', apiKey: '', removeKey: false, maskedKey: '', hasKey: false }],
              }))
            }
          >
            <Icon name="plus" size={12} /> {t('settings.providers.add')}
          </button>
        </div>
      </div>
    </section>
  );
}
