// The tray's context menu as a plain template (built and tested without Electron's Menu).
import type { MenuItemConstructorOptions } from 'electron';

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
}

/** `ran 5 min ago: notified` style summary of the last heartbeat. */
export function describeLastHeartbeat(last: { startedAt: number; outcome: string; reason: string } | null, now: number): string {
  if (!last) return 'Last run: never';
  const minutes = Math.max(0, Math.round((now - last.startedAt) / 60_000));
  const ago = minutes === 0 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return `Last run ${ago}: ${last.outcome}${last.reason ? ` (${last.reason})` : ''}`;
}

export function buildTrayMenu(state: TrayMenuState, actions: TrayMenuActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (state.problem) items.push({ label: state.problem.slice(0, 120), enabled: false }, { type: 'separator' });
  if (state.coreReady) {
    items.push({ label: 'Quick ask', click: () => actions.quickAsk() }, { label: 'Open Nanotray', click: () => actions.openMain() });
    const hb = state.heartbeat;
    if (hb) {
      items.push({
        label: 'Heartbeat',
        submenu: [
          { label: hb.lastResult, enabled: false },
          ...(hb.runsIn ? [{ label: hb.runsIn, enabled: false }] : []),
          { type: 'separator' },
          hb.paused
            ? { label: 'Resume', enabled: hb.enabled, click: () => actions.heartbeatResume() }
            : { label: 'Pause', enabled: hb.enabled, click: () => actions.heartbeatPause() },
          { label: hb.running ? 'Running…' : 'Run now', enabled: hb.enabled && !hb.running, click: () => actions.heartbeatRunNow() },
        ],
      });
    }
  }
  items.push({ label: 'Open config', click: () => actions.openConfig() });
  if (!state.coreReady && actions.retry) items.push({ label: 'Retry', click: () => actions.retry?.() });
  if (state.coreReady) {
    items.push({ type: 'separator' });
    items.push({
      label: 'Launch at login',
      type: 'checkbox',
      checked: state.launchAtLogin,
      click: (item) => actions.setLaunchAtLogin(item.checked),
    });
  }
  items.push({ type: 'separator' }, { label: 'Quit Nanotray', click: () => actions.quit() });
  return items;
}
