// Providers: base URL, API key (write-only: typed keys are sent, stored ones only shown masked),
// "Test connection" listing the models the provider offers; add and remove.
import { useState, type ReactElement } from 'react';
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

function ProviderRow({ p, errors, update, dirty }: { p: ProviderDraft; errors: FieldErrors; update: Props['update']; dirty: boolean }): ReactElement {
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
    ? 'The stored key will be removed when you save.'
    : p.hasKey
      ? `Stored: ${p.maskedKey}. Type a new key to replace it; leave empty to keep it.`
      : 'No key stored. Local servers often need none.';

  return (
    <div className="provider" aria-label={`Provider ${p.name || '(new)'}`} role="group">
      <div className="provider-grid">
        <TextField id={`pv-${p.id}-name`} label="Name" value={p.name} error={errors[`provider.${p.id}.name`]} onChange={(v) => set({ name: v.trim() })} autoComplete="off" />
        <TextField
          id={`pv-${p.id}-url`}
          label="Base URL"
          value={p.baseUrl}
          placeholder="https://api.openai.com/v1"
          error={errors[`provider.${p.id}.baseUrl`]}
          onChange={(v) => set({ baseUrl: v })}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id={`pv-${p.id}-key`}
          label="API key"
          type="password"
          value={p.apiKey}
          placeholder={p.hasKey && !p.removeKey ? p.maskedKey : 'sk-…'}
          hint={keyHint}
          autoComplete="new-password"
          spellCheck={false}
          onChange={(v) => set({ apiKey: v, removeKey: false })}
        />
      </div>
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={!canTest || test.status === 'busy'} onClick={() => void runTest()} title={canTest ? 'Ask the provider which models it offers' : 'Save first, then test'}>
          {test.status === 'busy' ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={12} />} Test connection
        </button>
        {p.hasKey && !p.removeKey && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => set({ removeKey: true, apiKey: '' })}>
            Remove stored key
          </button>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-sm btn-ghost btn-danger"
          aria-label={`Remove provider ${p.name}`}
          onClick={() => update((d) => ({ ...d, providers: d.providers.filter((x) => x.id !== p.id) }))}
        >
          <Icon name="trash" size={12} /> Remove
        </button>
      </div>
      <div aria-live="polite">
        {!canTest && p.original === null && <span className="field-hint">Save to test this provider.</span>}
        {test.status === 'ok' && (
          <div className="test-ok" data-testid="provider-models">
            <Icon name="check" size={13} /> Connected. {test.models.length} {test.models.length === 1 ? 'model' : 'models'}:
            <div className="chips">
              {test.models.slice(0, 40).map((m) => (
                <span key={m} className="badge mono">
                  {m}
                </span>
              ))}
            </div>
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
  return (
    <section className="card settings-section" id="settings-providers" aria-labelledby="st-providers">
      <div className="card-head">
        <h2 id="st-providers">Providers</h2>
        <span className="faint">OpenAI-compatible endpoints. Keys are write-only and stay out of logs and the model’s view.</span>
      </div>
      <div className="stack">
        {draft.providers.map((p) => (
          <ProviderRow key={p.id} p={p} errors={errors} update={update} dirty={dirty} />
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
            <Icon name="plus" size={12} /> Add provider
          </button>
        </div>
      </div>
    </section>
  );
}
