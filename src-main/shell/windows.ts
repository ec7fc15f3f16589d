// BrowserWindow factory for the main window and the quick-ask popup: sandboxed, isolated, no Node, no
// navigation, no new windows, no permissions, no webviews.
import { BrowserWindow, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { shellLog } from './shell-log';

export type WindowKind = 'main' | 'quick';

const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export interface WindowOptions {
  /** Absolute path of out/preload/index.cjs. */
  preloadPath: string;
  /** Absolute path of out/renderer (built pages). */
  rendererDir: string;
  /** Dev server URL (electron-vite dev); when set, pages load from it. */
  devServerUrl?: string;
  /** PNG used for the window icon on Linux/Windows. */
  iconPath?: string;
}

/** The webPreferences every window gets (exported for the security test). */
export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

/** http(s) links the page tries to open go to the system browser; anything else is dropped. */
function openOutside(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

/** Denies navigation, new windows, webviews and (almost) every permission request for one page. */
export function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // Only sanitized clipboard writes (the Copy buttons) are granted; camera, mic, geolocation, notifications,
  // clipboard reads, external protocols and everything else are refused.
  contents.session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  contents.session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}

function pageFor(kind: WindowKind): string {
  return kind === 'main' ? 'index.html' : 'quick.html';
}

/** Loads the window's page from the dev server or the built files. */
export function loadPage(win: BrowserWindow, kind: WindowKind, options: WindowOptions): Promise<void> {
  if (options.devServerUrl) return win.loadURL(new URL(pageFor(kind), options.devServerUrl).toString());
  return win.loadFile(join(options.rendererDir, pageFor(kind)));
}

/** Creates (hidden) the main window or the quick-ask popup. */
export function createAppWindow(kind: WindowKind, options: WindowOptions): BrowserWindow {
  const common: Electron.BrowserWindowConstructorOptions = {
    show: false,
    backgroundColor: '#1e1e22',
    webPreferences: secureWebPreferences(options.preloadPath),
    ...(options.iconPath ? { icon: options.iconPath } : {}),
  };
  const win =
    kind === 'main'
      ? new BrowserWindow({ ...common, width: 1100, height: 760, minWidth: 640, minHeight: 420, title: 'Nanotray', autoHideMenuBar: true })
      : new BrowserWindow({
          ...common,
          width: 560,
          height: 380,
          frame: false,
          resizable: false,
          movable: true,
          minimizable: false,
          maximizable: false,
          fullscreenable: false,
          alwaysOnTop: true,
          skipTaskbar: true,
          title: 'Nanotray quick ask',
        });
  hardenWebContents(win.webContents);
  void loadPage(win, kind, options).catch((err: unknown) => shellLog.error(`could not load the ${kind} window`, err));
  return win;
}
