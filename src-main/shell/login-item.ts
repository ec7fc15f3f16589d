// Launch at login: Electron's login item on macOS and Windows, an XDG autostart entry on Linux.
import { app } from 'electron';
import { autostartFile, launchCommand, readAutostart, writeAutostart } from './linux-autostart';
import { shellLog } from './shell-log';

export interface LoginItemOptions {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}

/** Whether the app starts at login now (as the OS has it). */
export function getLaunchAtLogin(options: LoginItemOptions = {}): boolean {
  const platform = options.platform ?? process.platform;
  if (platform === 'linux') return readAutostart(autostartFile(options.env));
  return app.getLoginItemSettings().openAtLogin;
}

/** Registers/unregisters the app at login; a failure is logged (the setting stays as it was). */
export function setLaunchAtLogin(enabled: boolean, options: LoginItemOptions = {}): void {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  try {
    if (platform === 'linux') {
      const command = launchCommand({ env, execPath: process.execPath, isPackaged: app.isPackaged, appPath: app.getAppPath() });
      writeAutostart(autostartFile(env), enabled, command);
    } else {
      app.setLoginItemSettings({ openAtLogin: enabled });
    }
  } catch (err) {
    shellLog.error('could not change the login item', err);
  }
}
