// Settings: one form over every section. Choices (theme, language, switches, radio groups) apply the moment they
// change, each as its own whole patch, with Undo in the toast; typed fields (providers' URL and key, models,
// numbers, the shortcut) are saved together with Save, explained next to the field when invalid.
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
import { currentLanguage, t as translate } from '../../i18n/i18n';
import { instantChange, type ChoiceLabel, type DraftChange } from './instant-change';

export function SettingsView(): ReactElement {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const loadError = useAppStore((s) => s.settingsError);
  const loadSettings = useAppStore((s) => s.loadSettings);
  const saveSettings = useAppStore((s) => s.saveSettings);
  const pushToast = useAppStore((s) => s.pushToast);
  const setSettingsEdits = useAppStore((s) => s.setSettingsEdits);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  // Choices being written: shown at once, but part of the draft only with the settings that hold them, so the form
  // never counts a choice as an unsaved edit (no "unsaved" flash, no leave guard) while it is on its way.
  const [inFlight, setInFlight] = useState<readonly DraftChange[]>([]);
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

  // Adopt new settings when there are no unsaved edits (otherwise offer to reload, unless nothing differs).
  useEffect(() => {
    if (!settings) return;
    if (draft && dirty && base && JSON.stringify(base.config) === JSON.stringify(settings.config)) setBase(settings);
    else if (!draft || !dirty) {
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

  /** A choice applied at once: only its own fields are written; the toast (in the language now shown) offers Undo. */
  const apply = async (change: DraftChange, labelKey: ChoiceLabel, undoing = false): Promise<void> => {
    const stored = getAppStore().getState().settings;
    if (!stored) return;
    const { patch, undo } = instantChange(stored.config, change);
    if (isEmptyPatch(patch)) return;
    setInFlight((list) => [...list, change]);
    const outcome = await saveSettings(patch);
    // one render: the choice leaves the overlay as it joins the draft and the base (on success)
    setInFlight((list) => list.filter((c) => c !== change));
    if (!outcome.ok) {
      setSaveError(translate('settings.view.notSaved', { message: outcome.message }));
      return;
    }
    setDraft((d) => (d ? change(d) : d));
    const fresh = getAppStore().getState().settings;
    if (fresh) setBase(fresh);
    setSaveError(null);
    const setting = translate(labelKey);
    pushToast(
      undoing
        ? { title: translate('settings.view.restored', { setting }), body: '', tone: 'success', topic: 'settings' }
        : {
            title: translate('settings.view.applied', { setting }),
            body: '',
            tone: 'success',
            topic: 'settings',
            action: { label: translate('settings.view.undo'), run: () => void latest.current.apply(undo, labelKey, true) },
          },
    );
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
  const shown = draft && inFlight.reduce((d, change) => change(d), draft);

  // Unsaved edits are guarded like memory's: leaving the view asks (save, discard or stay), closing the tab warns.
  const latest = useRef({ save, discard, apply });
  latest.current = { save, discard, apply };
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
        {!shown ? (
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
            <ProvidersSection draft={shown} errors={showErrors ? errors : {}} update={update} dirty={dirty} />
            <ModelsSection draft={shown} errors={showErrors ? errors : {}} update={update} apply={apply} />
            <SafetySection draft={shown} apply={apply} />
            <McpSection />
            <HeartbeatSection draft={shown} errors={showErrors ? errors : {}} update={update} apply={apply} />
            <AppSection draft={shown} errors={showErrors ? errors : {}} update={update} apply={apply} />
            <div className="save-bar" data-dirty={dirty}>
              <div aria-live="polite" className={saveError ? 'field-error' : 'faint'}>
                {saveError ?? (dirty ? t('settings.view.unsaved') : t('settings.view.allSaved'))}
                <div className="faint">{t('settings.view.howItApplies')}</div>
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
