// When the core cannot start (invalid config.json, unreadable database, undecryptable key): say why in a
// dialog, and keep a tray icon with "Open config", "Retry" and "Quit" instead of exiting. The config may be what is
// broken, so the words follow the OS's language.
import { dialog, shell } from 'electron';
import { desktopText } from '../../src-preload/contract/desktop-texts';
import { shellLanguage } from './shell-language';
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
  const language = shellLanguage('system');
  const { message, configPath: path } = options;
  dialog.showErrorBox(desktopText(language, 'startup.failed'), desktopText(language, 'startup.fixAndRetry', { message, path }));
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
          else dialog.showErrorBox(desktopText(language, 'startup.stillFailing'), desktopText(language, 'startup.checkAndRetry', { path }));
        });
      },
      quit: () => quitApp(),
    },
  });
  tray.setIcon('attention');
  tray.setTooltip(desktopText(language, 'startup.tooltip', { message }).slice(0, 120));
  tray.setMenu({ coreReady: false, launchAtLogin: false, language, problem: desktopText(language, 'startup.problem', { message }) });
  return tray;
}
