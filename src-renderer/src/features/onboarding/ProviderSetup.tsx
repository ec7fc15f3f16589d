// First-run setup: where the model runs (presets; local servers looked for on this computer), its address and key,
// Test connection, the model picked from what the server offers, then one save. Nothing is written until it answered.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_PRESETS, providerPreset, type ProviderPreset } from '@contract/provider-presets';
import { Banner } from '../../components/Banner';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { useAppStore } from '../../state/store';
import { draftFor, preselectModel, setupErrors, setupPatch, type SetupDraft, type SetupErrors } from './setup-form';

type LocalServer = { preset: string; baseUrl: string; models: string[] };
type Test = { status: 'idle' } | { status: 'busy' } | { status: 'ok'; models: string[] } | { status: 'error'; message: string };

interface Props {
  onDone?: () => void;
  /** Offers "Set up later" (the empty chat), which calls this. */
  onLater?: () => void;
  /** Its own heading; off inside a dialog, which has one. */
  heading?: boolean;
}

export function ProviderSetup({ onDone, onLater, heading = true }: Props): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const probe = useAppStore((s) => s.probeProvider);
  const detect = useAppStore((s) => s.detectLocalServers);
  const save = useAppStore((s) => s.saveSettings);
  const pushToast = useAppStore((s) => s.pushToast);
  const openExternal = useAppStore((s) => s.openExternal);
  const currentDefault = useAppStore((s) => s.settings?.config.agent.model ?? '');
  const [local, setLocal] = useState<LocalServer[] | null>(null);
  const [draft, setDraft] = useState<SetupDraft>(() => draftFor(PROVIDER_PRESETS[0]!));
  const [errors, setErrors] = useState<SetupErrors>({});
  const [test, setTest] = useState<Test>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // What a test (or a save) answered, and "Save and start", are scrolled into sight: on a short window they would
  // sit below the fold, behind the composer.
  const end = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered) end.current?.scrollIntoView({ block: 'nearest' });
  }, [answered]);
  const preset = providerPreset(draft.preset) ?? PROVIDER_PRESETS[0]!;

  // A server already running here is the easiest start: it is chosen, with the models it answered with.
  useEffect(() => {
    let live = true;
    void detect().then((found) => {
      if (!live) return;
      setLocal(found);
      const first = found[0];
      const firstPreset = first ? providerPreset(first.preset) : undefined;
      if (first && firstPreset) {
        setDraft({ ...draftFor(firstPreset, first.baseUrl), model: preselectModel(first.models, currentDefault) });
        setTest({ status: 'ok', models: first.models });
      }
    });
    return () => {
      live = false;
    };
  }, [detect, currentDefault]);

  const choose = (presetId: string) => {
    const next = providerPreset(presetId);
    if (!next) return;
    const found = local?.find((l) => l.preset === presetId);
    setDraft({ ...draftFor(next, found?.baseUrl), model: found ? preselectModel(found.models, currentDefault) : '' });
    setTest(found ? { status: 'ok', models: found.models } : { status: 'idle' });
    setErrors({});
    setSaveError(null);
  };
  const edit = (patch: Partial<SetupDraft>) => {
    setDraft((d) => ({ ...d, ...patch, ...(patch.baseUrl !== undefined || patch.apiKey !== undefined ? { model: '' } : {}) }));
    if (patch.baseUrl !== undefined || patch.apiKey !== undefined) setTest({ status: 'idle' });
    setErrors({});
  };

  const runTest = async () => {
    const found = setupErrors(draft, false);
    setErrors(found);
    if (Object.keys(found).length) return;
    setTest({ status: 'busy' });
    const res = await probe({
      preset: draft.preset,
      baseUrl: draft.baseUrl.trim(),
      ...(draft.apiKey.trim() ? { apiKey: draft.apiKey.trim() } : {}),
      ...(preset.keyHeader ? { keyHeader: preset.keyHeader } : {}),
    });
    setAnswered((n) => n + 1);
    if (!res.ok) return setTest({ status: 'error', message: res.message });
    setTest({ status: 'ok', models: res.models });
    setDraft((d) => ({ ...d, model: preselectModel(res.models, currentDefault) }));
  };

  const submit = async () => {
    const found = setupErrors(draft, true);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const outcome = await save(setupPatch(draft));
    setSaving(false);
    if (!outcome.ok) {
      setAnswered((n) => n + 1);
      return setSaveError(outcome.message);
    }
    pushToast({ title: t('settings.setup.saved', { provider: label(preset), model: draft.model }), body: '', tone: 'success' });
    onDone?.();
  };

  // Product names stay as they are; the two generic choices are words of the catalogue.
  const label = (p: ProviderPreset): string => (p.id === 'gateway' ? t('settings.setup.gateway') : p.id === 'custom' ? t('settings.setup.custom') : p.label);
  const error = (field: keyof SetupErrors) => (errors[field] ? t(`settings.setup.errors.${errors[field]!}`) : undefined);
  const models = test.status === 'ok' ? test.models : [];
  const defaultMissing = test.status === 'ok' && currentDefault && !models.includes(currentDefault);

  return (
    <form
      className="provider-setup"
      {...(heading ? { 'aria-labelledby': `${id}-title` } : { 'aria-label': t('settings.setup.title') })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {heading && <h2 id={`${id}-title`}>{t('settings.setup.title')}</h2>}
      <p className="muted">{t('settings.setup.intro')}</p>
      <fieldset className="setup-presets">
        <legend>{t('settings.setup.where')}</legend>
        {PROVIDER_PRESETS.map((p) => {
          const found = local?.find((l) => l.preset === p.id);
          return (
            <label key={p.id} className="setup-preset" data-checked={p.id === draft.preset || undefined}>
              <input type="radio" name={`${id}-preset`} value={p.id} checked={p.id === draft.preset} onChange={() => choose(p.id)} />
              <span className="setup-preset-name">{label(p)}</span>
              {p.local && (
                <span className={found ? 'badge badge-ok' : 'faint'}>
                  {local === null ? t('settings.setup.looking') : found ? t('settings.setup.runningHere', { count: found.models.length }) : t('settings.setup.notFound')}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      <TextField
        id={`${id}-url`}
        label={t('settings.setup.baseUrl')}
        value={draft.baseUrl}
        error={error('baseUrl')}
        hint={t('settings.setup.baseUrlHint')}
        spellCheck={false}
        autoComplete="off"
        onChange={(v) => edit({ baseUrl: v })}
      />
      {preset.key !== 'none' && (
        <TextField
          id={`${id}-key`}
          label={preset.key === 'required' ? t('settings.setup.apiKey') : t('settings.setup.apiKeyOptional')}
          type="password"
          value={draft.apiKey}
          error={error('apiKey')}
          hint={t('settings.setup.apiKeyHint')}
          autoComplete="new-password"
          spellCheck={false}
          onChange={(v) => edit({ apiKey: v })}
        />
      )}
      <div className="setup-actions">
        {preset.keyUrl && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void openExternal(preset.keyUrl!)}>
            <Icon name="external" size={13} /> {t('settings.setup.getKey')}
          </button>
        )}
        <span className="spacer" />
        <button type="button" className="btn" disabled={test.status === 'busy'} onClick={() => void runTest()}>
          {test.status === 'busy' ? t('settings.setup.testing') : t('settings.setup.test')}
        </button>
      </div>
      {test.status === 'error' && (
        <Banner tone="danger" title={t('settings.setup.failed')}>
          {test.message}
        </Banner>
      )}
      {test.status === 'ok' && (
        <div className="field">
          <label htmlFor={`${id}-model`}>{t('settings.setup.model')}</label>
          <select id={`${id}-model`} className="select" value={draft.model} aria-describedby={`${id}-model-hint`} onChange={(e) => setDraft((d) => ({ ...d, model: e.target.value }))}>
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <span id={`${id}-model-hint`} className="field-hint" role="status">
            {t('settings.setup.models', { count: models.length })} {defaultMissing ? t('settings.setup.defaultMissing', { model: currentDefault }) : ''}
          </span>
        </div>
      )}
      {error('model') && <div className="field-error">{error('model')}</div>}
      {saveError && <div className="field-error" role="alert">{saveError}</div>}
      <div className="setup-actions" ref={end}>
        {onLater && (
          <button type="button" className="btn btn-ghost" onClick={onLater}>
            {t('settings.setup.later')}
          </button>
        )}
        <span className="spacer" />
        <button type="submit" className="btn btn-primary" disabled={saving || test.status !== 'ok' || !draft.model}>
          {saving ? t('settings.setup.saving') : t('settings.setup.save')}
        </button>
      </div>
    </form>
  );
}
