// Wires one core into the desktop: windows, IPC, tray (icon state, tooltip, menu), quick ask and its global
// shortcut, notifications, launch-at-login, the OS's resume, reopen and session-end signals. Returns what the
// composition root needs to show/close it.
import { app, Notification, powerMonitor, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Core } from '../core/nanotray-core';
import { createApiHandlers } from '../core/api/api-handlers';
import { createDispatcher } from '../core/api/dispatch';
import { PUSH_CHANNELS } from '../../src-preload/contract/channels';
import type { View } from '../../src-preload/contract/event-schemas';
import { errorMessage } from '../core/lib/result';
import { hideOnClose, quitApp, quitOnSessionEnd, trackWindowPresence } from './app-lifecycle';
import { getLaunchAtLogin, setLaunchAtLogin } from './login-item';
import { launchCommand } from './linux-autostart';
import { isWaylandSession } from './platform-identity';
import { createElectronHost } from './electron-host';
import { forwardCoreEvents, registerIpcRouter, sendEvent } from './ipc-router';
import { startNotifications } from './notifications';
import { startApprovalNotifications } from './approval-notifications';
import { createQuickAsk, QUICK_ASK_SESSION, registerQuickAskShortcut, unregisterQuickAskShortcut, type QuickAskController } from './quick-ask';
import type { SecretStore } from './secret-store';
import { shellLog } from './shell-log';
import { createTray, type TrayController } from './tray';
import { describeLastHeartbeat, type TrayMenuState } from './tray-menu';
import { shellLanguage } from './shell-language';
import { desktopText, wordRef, type DesktopTextRef } from '../../src-preload/contract/desktop-texts';
import { INITIAL_TRAY_STATUS, iconState, markSeen, reduceTrayStatus, trayTooltip, type TrayStatus } from './tray-state';
import { isTrustedSender } from './trusted-sender';
import { createAppWindow, type WindowOptions } from './windows';
import { homeDatabasePaths, noteDatabaseError } from '../core/store/home-database';

const MENU_REFRESH_MS = 60_000;
/**
 * The quick-ask popup is made (hidden) this long after start instead of at the first press of its shortcut: a new
 * window and its page take ~300 ms to a focused input, showing a made one ~15 ms (target 100). After the tray is up,
 * so it never delays it; the popup is kept hidden after its first use anyway, so this only moves that moment.
 */
const QUICK_PREPARE_MS = 1_500;

export interface DesktopShellOptions {
  core: Core;
  windows: WindowOptions;
  /** resources/ (tray icons, app icon). */
  resourcesDir: string;
  secrets: SecretStore;
  version: string;
  platform?: NodeJS.Platform;
  /** The environment (Wayland detection, XDG autostart folder); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** macOS: the build has no Developer ID signature, so macOS shows none of its notifications (mac-signing.ts). */
  unsignedMacBuild?: boolean;
}

export interface DesktopShell {
  showMain(target?: { view?: View; sessionKey?: string }): void;
  quickAsk: QuickAskController;
  tray: TrayController;
  /** The message shown when the quick-ask shortcut could not be registered (or, on Wayland, may not work). */
  shortcutProblem(): string | undefined;
  dispose(): void;
}

export function startDesktopShell(options: DesktopShellOptions): DesktopShell {
  const { core } = options;
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const wayland = platform === 'linux' && isWaylandSession(env);
  const login = { platform, env };
  /** How the desktop starts this app (what a system shortcut should run, with --quick-ask). */
  const startCommand = (): string => {
    const command = launchCommand({ env, execPath: process.execPath, isPackaged: app.isPackaged, appPath: app.getAppPath() });
    return [command.exec, ...command.args].map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ');
  };
  const disposers: (() => void)[] = [];
  let main: BrowserWindow | undefined;
  let quick: BrowserWindow | undefined;
  let status: TrayStatus = INITIAL_TRAY_STATUS;
  let shortcut = core.config().ui.quickAskShortcut;
  /** What registering the shortcut said (a problem, or the Wayland note), worded when shown. */
  let shortcutProblem: DesktopTextRef | undefined;
  /** An unsigned macOS build: its notifications never appear, which the tray menu says (and the log, once). */
  const notificationsOff = platform === 'darwin' && options.unsignedMacBuild === true;
  if (notificationsOff) shellLog.warn(desktopText('en', 'notifications.unsigned'));
  /** The language the tray and notifications speak now (it follows Settings at once). */
  const language = () => shellLanguage(core.config().ui.language);

  const getMain = (): BrowserWindow => {
    if (main && !main.isDestroyed()) return main;
    main = createAppWindow('main', options.windows);
    hideOnClose(main);
    quitOnSessionEnd(main);
    trackWindowPresence(main, platform);
    return main;
  };
  const getQuick = (): BrowserWindow => {
    if (quick && !quick.isDestroyed()) return quick;
    quick = createAppWindow('quick', options.windows);
    hideOnClose(quick);
    quitOnSessionEnd(quick);
    return quick;
  };
  const quickAsk = createQuickAsk(getQuick, { platform, wayland });

  const showMain = (target?: { view?: View; sessionKey?: string }): void => {
    quickAsk.hide();
    const win = getMain();
    win.show();
    // A menu-bar-only (LSUIElement) app is not active by itself: bring it to the front with its window.
    if (platform === 'darwin') app.focus({ steal: true });
    win.focus();
    status = markSeen(status);
    refreshTrayIcon();
    if (!target) return;
    const payload = { view: target.view ?? 'chat', ...(target.sessionKey ? { sessionKey: target.sessionKey } : {}) };
    if (win.webContents.isLoading()) win.webContents.once('did-finish-load', () => sendEvent(win.webContents, PUSH_CHANNELS.onNavigate.channel, payload));
    else sendEvent(win.webContents, PUSH_CHANNELS.onNavigate.channel, payload);
  };

  // IPC: one dispatcher (validation + handlers), senders checked against the app's own pages.
  const host = createElectronHost({ version: options.version, secrets: options.secrets, showMain, hideQuickAsk: () => quickAsk.hide() });
  const dispatch = createDispatcher(createApiHandlers(core, host), { damagedStore: (err) => noteDatabaseError(homeDatabasePaths(core.paths.home), err) });
  disposers.push(registerIpcRouter(dispatch, (event) => isTrustedSender(event, options.windows.devServerUrl, options.windows.rendererDir, platform)));
  disposers.push(forwardCoreEvents(core.events, () => [main?.webContents, quick?.webContents]));
  disposers.push(
    startNotifications(core.events, {
      onClick: (sessionKey) => showMain({ view: 'chat', sessionKey }),
      iconPath: join(options.resourcesDir, 'icon.png'),
      isAppInFront: () => Boolean(main && !main.isDestroyed() && main.isVisible() && main.isFocused()),
      language,
    }),
  );
  // An approval nobody can see would wait unseen until it expires as a deny: say so on the desktop.
  const onScreen = (win: BrowserWindow | undefined): boolean => Boolean(win && !win.isDestroyed() && win.isVisible() && win.isFocused());
  disposers.push(
    startApprovalNotifications(core.events, {
      isShownFor: (sessionKey) => onScreen(main) || (sessionKey === QUICK_ASK_SESSION && Boolean(quick && !quick.isDestroyed() && quick.isVisible())),
      open: (sessionKey) => (sessionKey === QUICK_ASK_SESSION ? quickAsk.show(tray.bounds()) : showMain({ view: 'chat', sessionKey })),
      iconPath: join(options.resourcesDir, 'icon.png'),
      language,
    }),
  );

  const menuState = (): TrayMenuState => {
    const hb = core.heartbeat.status();
    const lang = language();
    return {
      coreReady: true,
      language: lang,
      launchAtLogin: core.config().ui.launchAtLogin,
      heartbeat: {
        enabled: hb.enabled,
        paused: hb.paused,
        running: hb.state === 'running',
        lastResult: describeLastHeartbeat(hb.lastRun, core.clock.now(), lang),
        ...(hb.runsIn && !hb.runsIn.here ? { runsIn: desktopText(lang, 'tray.runsIn', { label: hb.runsIn.label, pid: hb.runsIn.pid }) } : {}),
      },
      ...(shortcutProblem ? { problem: wordRef(lang, shortcutProblem) } : {}),
      ...(notificationsOff ? { notice: desktopText(lang, 'notifications.unsigned') } : {}),
    };
  };
  const heartbeatLine = (): string => describeLastHeartbeat(core.heartbeat.status().lastRun, core.clock.now(), language());
  const refreshMenu = (): void => tray.setMenu(menuState());
  function refreshTrayIcon(): void {
    tray.setIcon(iconState(status));
    const lang = language();
    tray.setTooltip(trayTooltip(status, desktopText(lang, 'tooltip.heartbeat', { line: heartbeatLine() }), lang));
  }

  const tray = createTray({
    resourcesDir: options.resourcesDir,
    platform,
    onClick: (bounds) => quickAsk.toggle(bounds),
    actions: {
      quickAsk: () => quickAsk.show(tray.bounds()),
      openMain: () => showMain(),
      heartbeatPause: () => {
        core.heartbeat.pause();
        refreshMenu();
      },
      heartbeatResume: () => {
        core.heartbeat.resume();
        refreshMenu();
      },
      heartbeatRunNow: () => {
        void core.heartbeat
          .runNow()
          .catch((err: unknown) => shellLog.error('heartbeat run failed:', errorMessage(err)))
          .finally(() => {
            refreshMenu();
            refreshTrayIcon();
          });
        refreshMenu();
      },
      setLaunchAtLogin: (enabled) => {
        setLaunchAtLogin(enabled, login);
        const saved = core.updateConfig((raw) => {
          const ui = (raw.ui && typeof raw.ui === 'object' ? raw.ui : (raw.ui = {})) as Record<string, unknown>;
          ui.launchAtLogin = enabled;
        });
        if (!saved.ok) shellLog.error('could not save ui.launchAtLogin:', saved.error.message);
        refreshMenu();
      },
      openConfig: () => void shell.openPath(core.paths.configFile),
      quit: () => quitApp(),
    },
  });
  disposers.push(() => tray.dispose());

  const applyShortcut = (): void => {
    const result = registerQuickAskShortcut(shortcut, () => quickAsk.toggle(tray.bounds()), { wayland, launchCommand: startCommand() });
    shortcutProblem = result.ok ? result.note : result.problem;
    if (result.ok && result.note) shellLog.warn(wordRef('en', result.note));
    if (!result.ok) {
      shellLog.warn(wordRef('en', result.problem));
      const lang = language();
      if (Notification.isSupported()) new Notification({ title: desktopText(lang, 'shortcut.unavailable'), body: wordRef(lang, result.problem) }).show();
    }
  };
  applyShortcut();
  disposers.push(() => unregisterQuickAskShortcut(shortcut));
  const prepareQuick = setTimeout(() => void getQuick(), QUICK_PREPARE_MS);
  disposers.push(() => clearTimeout(prepareQuick));

  if (getLaunchAtLogin(login) !== core.config().ui.launchAtLogin) setLaunchAtLogin(core.config().ui.launchAtLogin, login);

  // macOS: opening the app again from Finder or the Dock shows the window (a tray app has no other way in).
  const onActivate = (): void => showMain();
  app.on('activate', onActivate);
  disposers.push(() => app.off('activate', onActivate));
  // The machine woke up: timers that slept through their due times fire now, once.
  const onResume = (): void => core.scheduler.resumed();
  powerMonitor.on('resume', onResume);
  disposers.push(() => powerMonitor.off('resume', onResume));

  disposers.push(
    core.events.on((event) => {
      const next = reduceTrayStatus(status, event);
      if (next !== status) {
        status = next;
        refreshTrayIcon();
      }
      if (event.type === 'heartbeat.changed') {
        refreshMenu();
        refreshTrayIcon();
      }
      if (event.type === 'config.changed') {
        const ui = core.config().ui;
        if (ui.quickAskShortcut !== shortcut) {
          unregisterQuickAskShortcut(shortcut);
          shortcut = ui.quickAskShortcut;
          applyShortcut();
        }
        if (getLaunchAtLogin(login) !== ui.launchAtLogin) setLaunchAtLogin(ui.launchAtLogin, login);
        refreshMenu();
        refreshTrayIcon(); // the tooltip follows a new language too
      }
    }),
  );

  const timer = setInterval(() => {
    try {
      refreshMenu();
      refreshTrayIcon();
    } catch (err) {
      shellLog.error('tray refresh failed:', errorMessage(err));
    }
  }, MENU_REFRESH_MS);
  timer.unref?.();
  disposers.push(() => clearInterval(timer));

  refreshMenu();
  refreshTrayIcon();

  return {
    showMain,
    quickAsk,
    tray,
    shortcutProblem: () => (shortcutProblem ? wordRef(language(), shortcutProblem) : undefined),
    dispose() {
      for (const dispose of disposers.reverse()) {
        try {
          dispose();
        } catch (err) {
          shellLog.error('dispose failed', err);
        }
      }
    },
  };
}
