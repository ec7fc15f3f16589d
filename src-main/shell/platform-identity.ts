// Who the app is to the desktop, set before `ready`: the Linux .desktop name (window grouping, the GNOME
// global-shortcuts portal), the Windows AppUserModelID (toasts named Nanotray and clickable), and on Wayland
// the portal through which global shortcuts work at all.
import { app } from 'electron';

/** The installer's id (package.json build.appId): NSIS registers it as the AppUserModelID. */
export const APP_ID = 'app.nanotray';
/** package.json desktopName; electron-builder (linux.syncDesktopName) installs the entry under this name. */
export const DESKTOP_FILE = `${APP_ID}.desktop`;

/** True in a Wayland session: no global key grabs, no window positions; Electron 45 runs on Wayland there. */
export function isWaylandSession(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY);
}

/** Call before `app.whenReady()`. */
export function applyPlatformIdentity(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): void {
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
  if (platform !== 'linux') return;
  app.setDesktopName(DESKTOP_FILE);
  // Global shortcuts on Wayland go through xdg-desktop-portal's GlobalShortcuts (GNOME 48+, KDE).
  if (isWaylandSession(env)) app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
}
