// The tray's context menu as a plain template (built and tested without Electron's Menu), in the user's language.
import type { MenuItemConstructorOptions } from 'electron';
import { desktopText, type DesktopTextKey } from '../../src-preload/contract/desktop-texts';
import type { Language } from '../../src-preload/contract/languages';
import type { HeartbeatRun } from '../../src-preload/contract/scheduler-schemas';
import { heartbeatReasonText } from '../../src-preload/contract/heartbeat-reason-text';

export interface TrayMenuActions {
  quickAsk(): void;
  openMain(): void;
  heartbeatPause(): void;
  heartbeatResume(): void;
  heartbeatRunNow(): void;
  setLaunchAtLogin(enabled: boolean): void;
  openConfig(): void;
  /** Start again after a startup error (only offered while the core is not running). */
  retry?(): void;
  quit(): void;
}

export interface TrayMenuState {
  /** False while the core could not start (bad config): only config/quit items are useful. */
  coreReady: boolean;
  /** `runsIn`: set when another process (named) runs heartbeat and cron for this home. */
  heartbeat?: { enabled: boolean; paused: boolean; running: boolean; lastResult: string; runsIn?: string };
  launchAtLogin: boolean;
  /** Shown at the top when set (e.g. the startup error, a shortcut conflict). */
  problem?: string;
  /** A lasting fact the user should know, shown under the problem (e.g. notifications cannot be shown). */
  notice?: string;
  /** The language of the menu (default English). */
  language?: Language;
}

const OUTCOME_KEYS: Record<string, Extract<DesktopTextKey, `tray.outcome.${string}`>> = {
  ran: 'tray.outcome.ran',
  silent: 'tray.outcome.silent',
  notified: 'tray.outcome.notified',
  skipped: 'tray.outcome.skipped',
  failed: 'tray.outcome.failed',
};

/** `Last run 5 min ago: notified` style summary of the last heartbeat, its reason worded in `language`. */
export function describeLastHeartbeat(last: Pick<HeartbeatRun, 'startedAt' | 'outcome' | 'reason'> | null, now: number, language: Language = 'en'): string {
  if (!last) return desktopText(language, 'tray.lastRunNever');
  const minutes = Math.max(0, Math.round((now - last.startedAt) / 60_000));
  const ago =
    minutes === 0
      ? desktopText(language, 'tray.justNow')
      : minutes < 60
        ? desktopText(language, 'tray.minutesAgo', { n: minutes })
        : desktopText(language, 'tray.hoursAgo', { n: Math.round(minutes / 60) });
  const outcomeKey = OUTCOME_KEYS[last.outcome];
  const outcome = outcomeKey ? desktopText(language, outcomeKey) : last.outcome;
  const reason = heartbeatReasonText(language, last.reason);
  return reason ? desktopText(language, 'tray.lastRunWhy', { ago, outcome, reason }) : desktopText(language, 'tray.lastRun', { ago, outcome });
}

/** The menu's fixed labels (texts without values). */
type TrayLabel =
  | 'tray.quickAsk'
  | 'tray.openMain'
  | 'tray.heartbeat'
  | 'tray.resume'
  | 'tray.pause'
  | 'tray.running'
  | 'tray.runNow'
  | 'tray.openConfig'
  | 'tray.retry'
  | 'tray.launchAtLogin'
  | 'tray.quit';

export function buildTrayMenu(state: TrayMenuState, actions: TrayMenuActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  const say = (key: TrayLabel): string => desktopText(state.language ?? 'en', key);
  if (state.problem) items.push({ label: state.problem.slice(0, 120), enabled: false });
  if (state.notice) items.push({ label: state.notice.slice(0, 120), enabled: false });
  if (state.problem || state.notice) items.push({ type: 'separator' });
  if (state.coreReady) {
    items.push({ label: say('tray.quickAsk'), click: () => actions.quickAsk() }, { label: say('tray.openMain'), click: () => actions.openMain() });
    const hb = state.heartbeat;
    if (hb) {
      items.push({
        label: say('tray.heartbeat'),
        submenu: [
          { label: hb.lastResult, enabled: false },
          ...(hb.runsIn ? [{ label: hb.runsIn, enabled: false }] : []),
          { type: 'separator' },
          hb.paused
            ? { label: say('tray.resume'), enabled: hb.enabled, click: () => actions.heartbeatResume() }
            : { label: say('tray.pause'), enabled: hb.enabled, click: () => actions.heartbeatPause() },
          { label: hb.running ? say('tray.running') : say('tray.runNow'), enabled: hb.enabled && !hb.running, click: () => actions.heartbeatRunNow() },
        ],
      });
    }
  }
  items.push({ label: say('tray.openConfig'), click: () => actions.openConfig() });
  if (!state.coreReady && actions.retry) items.push({ label: say('tray.retry'), click: () => actions.retry?.() });
  if (state.coreReady) {
    items.push({ type: 'separator' });
    items.push({
      label: say('tray.launchAtLogin'),
      type: 'checkbox',
      checked: state.launchAtLogin,
      click: (item) => actions.setLaunchAtLogin(item.checked),
    });
  }
  items.push({ type: 'separator' }, { label: say('tray.quit'), click: () => actions.quit() });
  return items;
}
