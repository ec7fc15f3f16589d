// When the core cannot start (invalid config.json, unreadable database, undecryptable key): say why in a
// dialog, and keep a tray icon with "Open config", "Retry" and "Quit" instead of exiting.
import { dialog, shell } from 'electron';
import { quitApp } from './app-lifecycle';
import { createTray, type TrayController } from './tray';

export interface StartupErrorOptions {
  message: string;
  configPath: string;
  resourcesDir: string;
  /** Tries to start the core again (after the user fixed the file); resolves true when it worked. */
  retry(): Promise<boolean>;
}

export function startStartupErrorShell(options: StartupErrorOptions): TrayController {
  dialog.showErrorBox('Nanotray could not start', `${options.message}\n\nFix ${options.configPath} and choose "Retry" in the tray menu.`);
  const tray = createTray({
    resourcesDir: options.resourcesDir,
    onClick: () => undefined,
    actions: {
      quickAsk: () => undefined,
      openMain: () => undefined,
      heartbeatPause: () => undefined,
      heartbeatResume: () => undefined,
      heartbeatRunNow: () => undefined,
      setLaunchAtLogin: () => undefined,
      openConfig: () => void shell.openPath(options.configPath),
      retry: () => {
        void options.retry().then((started) => {
          if (started) tray.dispose();
          else dialog.showErrorBox('Nanotray still cannot start', `Check ${options.configPath} and try again.`);
        });
      },
      quit: () => quitApp(),
    },
  });
  tray.setIcon('attention');
  tray.setTooltip(`Nanotray — could not start: ${options.message}`.slice(0, 120));
  tray.setMenu({ coreReady: false, launchAtLogin: false, problem: `Could not start: ${options.message}` });
  return tray;
}
