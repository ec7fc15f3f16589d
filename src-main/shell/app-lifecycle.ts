// App lifecycle for a tray app: one instance, no dock/taskbar entry while only the tray is used, closing
// the window hides it, quitting only from the tray (or the OS), cleanup in reverse order on quit.
import { app, type BrowserWindow } from 'electron';
import { shellLog } from './shell-log';

let quitting = false;

/** True once a real quit started (window close handlers then let the window close). */
export function isQuitting(): boolean {
  return quitting;
}

export function quitApp(): void {
  quitting = true;
  app.quit();
}

/**
 * Takes the single-instance lock. Returns false (and quits) when another instance runs; that instance
 * gets `onSecondInstance` (show its window) instead.
 */
export function acquireSingleInstance(onSecondInstance: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => onSecondInstance());
  return true;
}

/** Tray-only presence: no dock icon on macOS; windows are created with skipTaskbar where relevant. */
export function enterTrayMode(platform: NodeJS.Platform = process.platform): void {
  if (platform === 'darwin') app.dock?.hide();
  // Closing every window must not quit a tray app.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    quitting = true;
  });
}

/** Shows the dock/taskbar entry only while the main window is visible. */
export function trackWindowPresence(win: BrowserWindow, platform: NodeJS.Platform = process.platform): void {
  const update = (visible: boolean): void => {
    if (platform === 'darwin') {
      if (visible) void app.dock?.show();
      else app.dock?.hide();
    } else {
      win.setSkipTaskbar(!visible);
    }
  };
  update(false);
  win.on('show', () => update(true));
  win.on('hide', () => update(false));
}

/** The window's close button hides it; the app keeps running in the tray. */
export function hideOnClose(win: BrowserWindow): void {
  win.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    win.hide();
  });
}

export function getLaunchAtLogin(): boolean {
  return app.getLoginItemSettings().openAtLogin;
}

/** Registers/unregisters the login item (ignored where the OS has no such setting, e.g. plain Linux). */
export function setLaunchAtLogin(enabled: boolean): void {
  try {
    app.setLoginItemSettings({ openAtLogin: enabled });
  } catch (err) {
    shellLog.error('could not change the login item', err);
  }
}

/** Runs `disposers` in reverse order once, when the app quits. */
export function disposeOnQuit(disposers: (() => void | Promise<void>)[]): void {
  let done = false;
  app.on('will-quit', (event) => {
    if (done) return;
    event.preventDefault();
    done = true;
    void (async () => {
      for (const dispose of [...disposers].reverse()) {
        try {
          await dispose();
        } catch (err) {
          shellLog.error('cleanup failed', err);
        }
      }
      app.quit();
    })();
  });
}
