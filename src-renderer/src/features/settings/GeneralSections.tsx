// Heartbeat (interval, budget, active hours) and app settings (quick-ask shortcut, launch at login, theme, language).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import type { FieldErrors, SettingsDraft } from './settings-form';
import type { ApplyChoice } from './instant-change';
import { ConfigKey } from './ConfigKey';

interface Props {
  draft: SettingsDraft;
  errors: FieldErrors;
  update: (fn: (d: SettingsDraft) => SettingsDraft) => void;
  apply: ApplyChoice;
}

export function HeartbeatSection({ draft, errors, update, apply }: Props): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card settings-section" id="settings-heartbeat" aria-labelledby="st-heartbeat">
      <div className="card-head">
        <h2 id="st-heartbeat">{t('settings.heartbeat.title')}</h2>
        <span className="faint">{t('settings.heartbeat.intro')}</span>
      </div>
      <label className="check" style={{ marginBottom: 12 }}>
        <input
          type="checkbox"
          checked={draft.heartbeatEnable}
          onChange={(e) => {
            const heartbeatEnable = e.target.checked;
            void apply((d) => ({ ...d, heartbeatEnable }), 'settings.heartbeat.run');
          }}
        />
        {t('settings.heartbeat.run')} <ConfigKey name="heartbeat.enable" />
      </label>
      <div className="form-grid">
        <TextField id="st-hb-interval" label={t('settings.heartbeat.every')}
          hint={<ConfigKey name="heartbeat.intervalMinutes" />} inputMode="numeric" value={draft.heartbeatInterval} error={errors.heartbeatInterval} onChange={(v) => update((d) => ({ ...d, heartbeatInterval: v }))} />
        <TextField
          id="st-hb-budget"
          label={t('settings.heartbeat.budget')}
          inputMode="numeric"
          value={draft.heartbeatBudget}
          error={errors.heartbeatBudget}
          hint={
            <>
              {t('settings.heartbeat.budgetHint')} <ConfigKey name="heartbeat.dailyTokenBudget" />
            </>
          }
          onChange={(v) => update((d) => ({ ...d, heartbeatBudget: v }))}
        />
        <TextField id="st-hb-start" label={t('settings.heartbeat.from')} placeholder="08:00" value={draft.activeStart} error={errors.activeStart} onChange={(v) => update((d) => ({ ...d, activeStart: v }))} />
        <TextField
          id="st-hb-end"
          label={t('settings.heartbeat.until')}
          placeholder="22:00"
          value={draft.activeEnd}
          error={errors.activeEnd}
          hint={t('settings.heartbeat.aroundTheClock')}
          onChange={(v) => update((d) => ({ ...d, activeEnd: v }))}
        />
      </div>
    </section>
  );
}

export function AppSection({ draft, errors, update, apply }: Props): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card settings-section" id="settings-app" aria-labelledby="st-app">
      <div className="card-head">
        <h2 id="st-app">{t('settings.app.title')}</h2>
      </div>
      <div className="form-grid">
        <TextField
          id="st-shortcut"
          label={t('settings.app.shortcut')}
          value={draft.shortcut}
          error={errors.shortcut}
          hint={
            <>
              {t('settings.app.shortcutHint')} <ConfigKey name="ui.quickAskShortcut" />
            </>
          }
          spellCheck={false}
          onChange={(v) => update((d) => ({ ...d, shortcut: v }))}
        />
        <div className="field">
          <label htmlFor="st-theme">
            {t('settings.app.theme')} <ConfigKey name="ui.theme" />
          </label>
          <select
            id="st-theme"
            className="select"
            value={draft.theme}
            onChange={(e) => {
              const theme = e.target.value as SettingsDraft['theme'];
              void apply((d) => ({ ...d, theme }), 'settings.app.theme');
            }}
          >
            <option value="system">{t('settings.app.themeSystem')}</option>
            <option value="light">{t('settings.app.themeLight')}</option>
            <option value="dark">{t('settings.app.themeDark')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="st-language">
            {t('settings.app.language')} <ConfigKey name="ui.language" />
          </label>
          <select
            id="st-language"
            className="select"
            value={draft.language}
            onChange={(e) => {
              const language = e.target.value as SettingsDraft['language'];
              void apply((d) => ({ ...d, language }), 'settings.app.language');
            }}
          >
            <option value="system">{t('settings.app.languageSystem')}</option>
            <option value="en" lang="en">
              {t('settings.languageNames.en')}
            </option>
            <option value="zh" lang="zh-CN">
              {t('settings.languageNames.zh')}
            </option>
          </select>
        </div>
        <label className="check" style={{ alignSelf: 'end', paddingBottom: 6 }}>
          <input
            type="checkbox"
            checked={draft.launchAtLogin}
            onChange={(e) => {
              const launchAtLogin = e.target.checked;
              void apply((d) => ({ ...d, launchAtLogin }), 'settings.app.launchAtLogin');
            }}
          />
          {t('settings.app.launchAtLogin')} <ConfigKey name="ui.launchAtLogin" />
        </label>
      </div>
    </section>
  );
}
