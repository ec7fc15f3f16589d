// App lifecycle for a tray app: one instance, no dock/taskbar entry while only the tray is used, closing
// the window hides it, quitting only from the tray (or the OS), cleanup in reverse order on quit.
import { app, powerMonitor, type BrowserWindow } from 'electron';
import { shellLog } from './shell-log';

let quitting = false;

export function quitApp(): void {
  quitting = true;
  app.quit();
}

/** The argument that makes a second start toggle quick ask (bind a desktop shortcut to it on Wayland). */
export const QUICK_ASK_ARG = '--quick-ask';

/**
 * Takes the single-instance lock. Returns false (and quits) when another instance runs; that instance
 * gets `onSecondInstance` instead, with `quickAsk` true when it was started as `nanotray --quick-ask`.
 */
export function acquireSingleInstance(onSecondInstance: (request: { quickAsk: boolean }) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => onSecondInstance({ quickAsk: argv.includes(QUICK_ASK_ARG) }));
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

/**
 * Shutdown or log-off quits for real: Windows asks each window (`query-session-end`, then `session-end`),
 * Linux and macOS tell powerMonitor (`shutdown`). Without this the close handler would only hide the window
 * and the OS would wait on, or kill, an app that had not saved its state.
 */
export function quitOnSessionEnd(win: BrowserWindow): void {
  win.on('query-session-end', () => {
    quitting = true;
  });
  win.on('session-end', () => quitApp());
}

/** How long quitting waits for the cleanup (closing the database, stopping the scheduler) before it quits anyway. */
export const CLEANUP_LIMIT_MS = 5_000;

/**
 * powerMonitor's `shutdown` (Linux, macOS): delay the system's shutdown and quit cleanly. Electron passes an event
 * whose `preventDefault()` asks the OS to wait (its typings declare no argument); the quit then runs the cleanup of
 * `disposeOnQuit`, bounded by its time limit. Call once after `ready`.
 */
export function quitOnShutdown(): void {
  powerMonitor.on('shutdown', (event?: { preventDefault?(): void }) => {
    event?.preventDefault?.();
    quitApp();
  });
}

/**
 * Runs `disposers` in reverse order once, when the app quits, then quits. A disposer that hangs does not keep the app
 * (or a shutting-down computer) waiting: after `limitMs` the app quits with whatever is done.
 */
export function disposeOnQuit(disposers: (() => void | Promise<void>)[], limitMs = CLEANUP_LIMIT_MS): void {
  let done = false;
  app.on('will-quit', (event) => {
    if (done) return;
    event.preventDefault();
    done = true;
    const cleanup = (async () => {
      for (const dispose of [...disposers].reverse()) {
        try {
          await dispose();
        } catch (err) {
          shellLog.error('cleanup failed', err);
        }
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), limitMs);
    });
    void Promise.race([cleanup.then(() => 'done' as const), limit]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'late') shellLog.warn(`cleanup did not finish within ${limitMs} ms; quitting anyway`);
      app.quit();
    });
  });
}
