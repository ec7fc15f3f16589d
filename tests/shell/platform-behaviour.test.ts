// The desktop shell against the platform behaviours the fake electron plays: Windows pages carry an upper-cased drive
// letter in their URL (the sender check must still trust them), and on Windows pressing the tray icon blurs quick ask
// before the click arrives (the click that closes it must not open it again); before ready, Linux prints dialogs.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, BrowserWindow, dialog, FakeWebContents, ipcMain, resetFakeElectron, Tray } from './helpers/fake-electron';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startDesktopShell, type DesktopShell } from '../../src-main/shell/desktop-shell';
import { createSecretStore } from '../../src-main/shell/secret-store';
import { reportFatalStart } from '../../src-main/shell/fatal-start';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

/** The renderer folder as Windows hands it to an app started from a terminal: a lower-case drive letter. */
const WIN_RENDERER = 'c:\\Users\\Ada Lovelace\\AppData\\Local\\Programs\\Nanotray\\resources\\app.asar\\out\\renderer';

describe('the desktop shell on Windows', () => {
  let home: TempHome;
  let core: Core;
  let desktop: DesktopShell | undefined;

  const start = (): DesktopShell =>
    (desktop = startDesktopShell({
      core,
      resourcesDir: 'c:\\Users\\Ada Lovelace\\AppData\\Local\\Programs\\Nanotray\\resources',
      secrets: createSecretStore(),
      version: '1.2.3',
      platform: 'win32',
      env: { HOME: home.home, XDG_CONFIG_HOME: join(home.home, 'xdg') },
      windows: { preloadPath: 'c:\\Nanotray\\preload\\index.cjs', rendererDir: WIN_RENDERER },
    }));
  const tray = (): Tray => Tray.instances[0]!;
  const window = (title: string): BrowserWindow | undefined => BrowserWindow.instances.find((w) => w.options.title === title);

  beforeEach(() => {
    resetFakeElectron({ os: 'win32' });
    home = makeTempHome({ heartbeat: { enable: false }, ui: { quickAskShortcut: 'Alt+Space' } });
    const created = createCore({ host: 'electron', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
  });
  afterEach(async () => {
    desktop?.dispose();
    desktop = undefined;
    await core.dispose();
    home.cleanup();
  });

  it("trusts the app's own pages although Chromium upper-cases the drive letter in their URL", async () => {
    start().showMain();
    const main = window('Nanotray')!;
    expect(main.webContents.getURL()).toBe('file:///C:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/index.html');
    expect(await ipcMain.invokeFrom(main.webContents, 'app:info')).toMatchObject({ ok: true, value: { host: 'electron', home: home.home } });
    tray().click();
    const quick = window('Nanotray quick ask')!;
    expect(quick.webContents.getURL()).toMatch(/^file:\/\/\/C:\/Users\/.*\/renderer\/quick\.html$/);
    expect(await ipcMain.invokeFrom(quick.webContents, 'app:info')).toMatchObject({ ok: true });
  });

  it('still refuses a page that is not one of the app’s', async () => {
    start();
    const foreign = new FakeWebContents();
    foreign.mainFrame.url = 'file:///C:/Users/Ada%20Lovelace/Downloads/index.html';
    expect(await ipcMain.invokeFrom(foreign, 'settings:get')).toEqual({ ok: false, error: { code: 'forbidden', message: 'Untrusted sender on settings:get' } });
  });

  it('a tray click opens quick ask; the next click (which blurs it first) closes it and leaves it closed', () => {
    start();
    tray().click();
    const quick = window('Nanotray quick ask')!;
    expect(quick.isVisible()).toBe(true);
    quick.focus(); // the user clicks into it to type
    expect(quick.isFocused()).toBe(true);
    tray().click(); // Windows: mouse-down on the icon blurs quick ask (which hides it), then the click arrives
    expect(quick.isVisible()).toBe(false);
    tray().click(); // a later click opens it again
    expect(quick.isVisible()).toBe(true);
  });
});

describe('before the app is ready', () => {
  beforeEach(() => resetFakeElectron({ os: 'linux', ready: false }));

  it('a fatal start still exits (freeing the lock) where Linux can only print the dialog to stderr', () => {
    reportFatalStart(new Error('Cannot find module ./index'));
    expect(dialog.errors).toEqual([]);
    expect(dialog.stderr[0]![0]).toBe('Nanotray could not start');
    expect(app.exitCode).toBe(1);
  });
});
