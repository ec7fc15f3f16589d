// Heartbeat (interval, budget, active hours) and app settings (quick-ask shortcut, launch at login, theme).
import type { ReactElement } from 'react';
import { TextField } from '../../components/TextField';
import type { FieldErrors, SettingsDraft } from './settings-form';

interface Props {
  draft: SettingsDraft;
  errors: FieldErrors;
  update: (fn: (d: SettingsDraft) => SettingsDraft) => void;
}

export function HeartbeatSection({ draft, errors, update }: Props): ReactElement {
  return (
    <section className="card settings-section" id="settings-heartbeat" aria-labelledby="st-heartbeat">
      <div className="card-head">
        <h2 id="st-heartbeat">Heartbeat</h2>
        <span className="faint">Wakes the agent to check HEARTBEAT.md; it only tells you when something is worth it.</span>
      </div>
      <label className="check" style={{ marginBottom: 12 }}>
        <input type="checkbox" checked={draft.heartbeatEnable} onChange={(e) => update((d) => ({ ...d, heartbeatEnable: e.target.checked }))} />
        Run the heartbeat
      </label>
      <div className="form-grid">
        <TextField id="st-hb-interval" label="Every (minutes)" inputMode="numeric" value={draft.heartbeatInterval} error={errors.heartbeatInterval} onChange={(v) => update((d) => ({ ...d, heartbeatInterval: v }))} />
        <TextField
          id="st-hb-budget"
          label="Daily token budget"
          inputMode="numeric"
          value={draft.heartbeatBudget}
          error={errors.heartbeatBudget}
          hint="0 = no budget"
          onChange={(v) => update((d) => ({ ...d, heartbeatBudget: v }))}
        />
        <TextField id="st-hb-start" label="Active from" placeholder="08:00" value={draft.activeStart} error={errors.activeStart} onChange={(v) => update((d) => ({ ...d, activeStart: v }))} />
        <TextField
          id="st-hb-end"
          label="Active until"
          placeholder="22:00"
          value={draft.activeEnd}
          error={errors.activeEnd}
          hint="Leave both empty to run around the clock."
          onChange={(v) => update((d) => ({ ...d, activeEnd: v }))}
        />
      </div>
    </section>
  );
}

export function AppSection({ draft, errors, update }: Props): ReactElement {
  return (
    <section className="card settings-section" id="settings-app" aria-labelledby="st-app">
      <div className="card-head">
        <h2 id="st-app">App</h2>
      </div>
      <div className="form-grid">
        <TextField
          id="st-shortcut"
          label="Quick-ask shortcut"
          value={draft.shortcut}
          error={errors.shortcut}
          hint="e.g. CommandOrControl+Shift+Space"
          spellCheck={false}
          onChange={(v) => update((d) => ({ ...d, shortcut: v }))}
        />
        <div className="field">
          <label htmlFor="st-theme">Theme</label>
          <select id="st-theme" className="select" value={draft.theme} onChange={(e) => update((d) => ({ ...d, theme: e.target.value as SettingsDraft['theme'] }))}>
            <option value="system">Same as the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </div>
        <label className="check" style={{ alignSelf: 'end', paddingBottom: 6 }}>
          <input type="checkbox" checked={draft.launchAtLogin} onChange={(e) => update((d) => ({ ...d, launchAtLogin: e.target.checked }))} />
          Launch at login
        </label>
      </div>
    </section>
  );
}
