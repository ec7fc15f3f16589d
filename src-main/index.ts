// Composition root of the Electron app: one instance, tray mode, secrets via safeStorage, the core
// (background timers on), then the desktop shell; a startup error keeps a tray with "Open config".
import { app } from 'electron';
import { join } from 'node:path';
import { createCore, type Core } from './core/nanotray-core';
import { resolveHomePaths } from './core/config/home-paths';
import { effectiveModel } from './core/model/model-presets';
import { lockedProviderKeys } from './core/config/locked-secrets';
import { acquireSingleInstance, disposeOnQuit, enterTrayMode, QUICK_ASK_ARG, quitOnShutdown } from './shell/app-lifecycle';
import { applyPlatformIdentity } from './shell/platform-identity';
import { startDesktopShell, type DesktopShell } from './shell/desktop-shell';
import { createSecretStore } from './shell/secret-store';
import { startStartupErrorShell } from './shell/startup-error';
import { shellLog } from './shell/shell-log';
import { wordRef } from '../src-preload/contract/desktop-texts';
import { reportFatalStart } from './shell/fatal-start';
import { adoptLoginShellPath } from './shell/login-path';
import { isMacBuildSigned } from './shell/mac-signing';
import { addLogSink } from './core/lib/logger';
import { rotatingLogSink } from './core/lib/rotating-log';
import { errorMessage } from './core/lib/result';

let desktop: DesktopShell | undefined;
let core: Core | undefined;
/** The start-up error's tray, kept referenced (a tray nothing refers to can be collected, and vanish on macOS). */
let startupErrorTray: ReturnType<typeof startStartupErrorShell> | undefined;

/** Starts core + shell; returns the startup error text instead of throwing. */
function startCore(secrets: ReturnType<typeof createSecretStore>): string | undefined {
  try {
    return startCoreOrThrow(secrets);
  } catch (err) {
    // e.g. the home or the workspace cannot be made, or the shell failed: the same tray as for a bad config
    shellLog.error('Nanotray could not start', err);
    void core?.dispose();
    core = undefined;
    desktop = undefined;
    return errorMessage(err);
  }
}

function startCoreOrThrow(secrets: ReturnType<typeof createSecretStore>): string | undefined {
  const appRoot = app.getAppPath();
  const created = createCore({ host: 'electron', startBackground: true, decodeSecret: secrets.decode, encodeSecret: secrets.encode, appRoot });
  if (!created.ok) return created.error;
  core = created.value;
  desktop = startDesktopShell({
    core,
    resourcesDir: join(appRoot, 'resources'),
    secrets,
    version: app.getVersion(),
    windows: {
      preloadPath: join(__dirname, '../preload/index.cjs'),
      rendererDir: join(__dirname, '../renderer'),
      ...(process.env.ELECTRON_RENDERER_URL ? { devServerUrl: process.env.ELECTRON_RENDERER_URL } : {}),
      iconPath: join(appRoot, 'resources', 'icon.png'),
    },
    // Development runs Electron's own (signed) app; an installed build is signed only where credentials existed.
    unsignedMacBuild: process.platform === 'darwin' && app.isPackaged && !isMacBuildSigned(),
  });
  // First run (no usable provider yet) or a key the keychain can no longer decrypt: open the settings page
  // (it says which key needs re-entering) instead of waiting silently in the tray.
  const usable = core.providerFor(effectiveModel(core.config(), core.overrides).provider).ok;
  if (!usable || lockedProviderKeys(core.config()).length > 0) desktop.showMain({ view: 'settings' });
  else if (process.argv.includes(QUICK_ASK_ARG)) desktop.quickAsk.show();
  return undefined;
}

applyPlatformIdentity();
// An installed app has no terminal: what it logs goes to a file in the platform's log folder too (1 MB, 3 kept).
try {
  addLogSink(rotatingLogSink(join(app.getPath('logs'), 'nanotray.log')));
} catch {
  // no log folder on this platform: stderr only
}
if (acquireSingleInstance(({ quickAsk }) => (quickAsk ? desktop?.quickAsk.toggle() : desktop?.showMain()))) {
  enterTrayMode();
  disposeOnQuit([
    async () => {
      await core?.dispose();
    },
    () => desktop?.dispose(),
  ]);
  app.whenReady().then(async () => {
    quitOnShutdown();
    // Started from the Dock, at login or from a desktop entry: the user's tools (Homebrew, nvm, gh) are on the login
    // shell's PATH only. Read it before anything spawns a command or an MCP server (at most 3 s).
    await adoptLoginShellPath({ platform: process.platform, env: process.env, fromTerminal: Boolean(process.stdout.isTTY) });
    const secrets = createSecretStore();
    if (secrets.mode === 'plain') shellLog.warn(wordRef('en', secrets.note));
    const error = startCore(secrets);
    if (error) {
      startupErrorTray = startStartupErrorShell({
        message: error,
        configPath: resolveHomePaths(process.env).configFile,
        resourcesDir: join(app.getAppPath(), 'resources'),
        retry: async () => startCore(secrets) === undefined,
      });
    }
  }).catch(reportFatalStart);
}
