// Settings: one form over every section; invalid input is explained next to its field and nothing is
// sent until all of it is valid; the core then applies the patch whole or not at all.
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { getAppStore, useAppStore } from '../../state/store';
import { AppSection, HeartbeatSection } from './GeneralSections';
import { McpSection } from './McpSection';
import { ModelsSection } from './ModelsSection';
import { ProvidersSection } from './ProvidersSection';
import { SafetySection } from './SafetySection';
import { buildPatch, draftFromSettings, fieldForPath, isEmptyPatch, validateDraft, type FieldErrors, type SettingsDraft } from './settings-form';
import { wordRef } from '@contract/desktop-texts';
import { currentLanguage } from '../../i18n/i18n';

export function SettingsView(): ReactElement {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const loadError = useAppStore((s) => s.settingsError);
  const loadSettings = useAppStore((s) => s.loadSettings);
  const saveSettings = useAppStore((s) => s.saveSettings);
  const pushToast = useAppStore((s) => s.pushToast);
  const setSettingsEdits = useAppStore((s) => s.setSettingsEdits);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [base, setBase] = useState<typeof settings>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  const dirty = useMemo(() => (draft && base ? !isEmptyPatch(buildPatch(base.config, draft)) : false), [draft, base]);

  // Adopt new settings when there are no unsaved edits (otherwise offer to reload).
  useEffect(() => {
    if (!settings) return;
    if (!draft || !dirty) {
      setDraft(draftFromSettings(settings.config));
      setBase(settings);
    }
    // only when the stored settings change; the draft is read, not tracked
  }, [settings]);

  const update = (fn: (d: SettingsDraft) => SettingsDraft) => {
    setDraft((d) => {
      if (!d) return d;
      const next = fn(d);
      if (showErrors) setErrors(validateDraft(next));
      return next;
    });
    setSaveError(null);
  };

  const save = async (): Promise<boolean> => {
    if (!draft || !base) return false;
    const found = validateDraft(draft);
    setErrors(found);
    setShowErrors(true);
    const count = Object.keys(found).length;
    if (count) {
      setSaveError(t('settings.view.fieldsNeedFixing', { count }));
      window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return false;
    }
    setSaving(true);
    const outcome = await saveSettings(buildPatch(base.config, draft));
    setSaving(false);
    if (!outcome.ok) {
      const field = outcome.path ? fieldForPath(outcome.path, draft) : null;
      if (field) setErrors({ [field]: outcome.message });
      setSaveError(t('settings.view.notSaved', { message: outcome.message }));
      return false;
    }
    const fresh = getAppStore().getState().settings;
    if (fresh) {
      setDraft(draftFromSettings(fresh.config));
      setBase(fresh);
    }
    setErrors({});
    setShowErrors(false);
    setSaveError(null);
    pushToast({ title: t('settings.view.saved'), body: '', tone: 'success' });
    return true;
  };

  const discard = () => {
    if (!settings) return;
    setDraft(draftFromSettings(settings.config));
    setBase(settings);
    setErrors({});
    setShowErrors(false);
    setSaveError(null);
  };

  const stale = settings !== base && dirty;

  // Unsaved edits are guarded like memory's: leaving the view asks (save, discard or stay), closing the tab warns.
  const latest = useRef({ save, discard });
  latest.current = { save, discard };
  useEffect(() => {
    setSettingsEdits(dirty ? { save: () => latest.current.save(), discard: () => latest.current.discard() } : null);
    if (!dirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, setSettingsEdits]);
  useEffect(() => () => setSettingsEdits(null), [setSettingsEdits]);

  return (
    <>
      <header className="view-head">
        <h1 tabIndex={-1} data-main-control="">
          {t('settings.view.title')}
        </h1>
        <span className="spacer" />
        {settings && <span className="faint mono truncate" title={settings.configPath}>{settings.configPath}</span>}
      </header>
      <div className="view-body">
        {!draft ? (
          <div className="view-scroll">{loadError ? <Banner tone="danger" title={t('settings.view.loadFailed')}>{loadError}</Banner> : <p className="faint">{t('common.actions.loading')}</p>}</div>
        ) : (
          <form
            ref={formRef}
            className="view-scroll settings"
            noValidate
            aria-label={t('settings.view.title')}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {(settings?.noteTexts ? settings.noteTexts.map((ref) => wordRef(currentLanguage(), ref)) : (settings?.notes ?? [])).map((n) => (
              <Banner key={n} tone="info" title={t('settings.view.note')} live={false}>
                {n}
              </Banner>
            ))}
            {stale && (
              <Banner
                tone="warn"
                title={t('settings.view.changedElsewhere')}
                actions={
                  <button type="button" className="btn btn-sm" onClick={discard}>
                    {t('settings.view.loadThem')}
                  </button>
                }
              >
                {t('settings.view.savingAppliesYours')}
              </Banner>
            )}
            <ProvidersSection draft={draft} errors={showErrors ? errors : {}} update={update} dirty={dirty} />
            <ModelsSection draft={draft} errors={showErrors ? errors : {}} update={update} />
            <SafetySection draft={draft} update={update} />
            <McpSection />
            <HeartbeatSection draft={draft} errors={showErrors ? errors : {}} update={update} />
            <AppSection draft={draft} errors={showErrors ? errors : {}} update={update} />
            <div className="save-bar" data-dirty={dirty}>
              <div aria-live="polite" className={saveError ? 'field-error' : 'faint'}>
                {saveError ?? (dirty ? t('settings.view.unsaved') : t('settings.view.allSaved'))}
              </div>
              <span className="spacer" />
              <button type="button" className="btn" disabled={!dirty || saving} onClick={discard}>
                {t('settings.view.discard')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={!dirty || saving}>
                {saving ? t('settings.view.saving') : t('settings.view.save')}
              </button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
