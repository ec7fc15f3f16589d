// The desktop shell against the platform behaviours the fake electron plays: Windows pages carry an upper-cased drive
// letter in their URL (the sender check must still trust them), and on Windows pressing the tray icon blurs quick ask
// before the click arrives (the click that closes it must not open it again); an unsigned macOS build's notifications
// never appear (the tray menu says so); before ready, Linux prints dialogs to stderr.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, BrowserWindow, dialog, FakeWebContents, ipcMain, Notification, resetFakeElectron, Tray } from './helpers/fake-electron';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startDesktopShell, type DesktopShell } from '../../src-main/shell/desktop-shell';
import { createSecretStore } from '../../src-main/shell/secret-store';
import { reportFatalStart } from '../../src-main/shell/fatal-start';
import { isDeveloperIdSignature } from '../../src-main/shell/mac-signing';
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

describe('the desktop shell on macOS', () => {
  let home: TempHome;
  let core: Core;
  let desktop: DesktopShell | undefined;
  const NOTICE = 'Notifications are off: macOS shows them only for signed apps, and this build is not signed.';

  const start = (unsignedMacBuild: boolean): DesktopShell =>
    (desktop = startDesktopShell({
      core,
      resourcesDir: '/Applications/Nanotray.app/Contents/Resources',
      secrets: createSecretStore(),
      version: '1.2.3',
      platform: 'darwin',
      env: { HOME: home.home },
      windows: { preloadPath: '/Applications/Nanotray.app/preload/index.cjs', rendererDir: '/Applications/Nanotray.app/renderer' },
      unsignedMacBuild,
    }));
  /** The menu macOS shows on right-click (the tray has no context menu there). */
  const menuLabels = (): string[] => {
    const tray = Tray.instances[0]!;
    tray.emit('right-click', {}, tray.bounds);
    return tray.poppedUp.at(-1)!.items.map((i: { label?: string }) => i.label ?? '');
  };
  const notify = (): void =>
    core.events.emit({ type: 'notify', title: 'Heartbeat', body: 'Water the plants', sessionKey: 'heartbeat:default', kind: 'heartbeat' });

  beforeEach(() => {
    home = makeTempHome({ heartbeat: { enable: false }, ui: { quickAskShortcut: 'Alt+Space', language: 'en' } });
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

  it('an unsigned build: macOS shows none of its notifications, and the tray menu says why', () => {
    resetFakeElectron({ os: 'darwin', signed: false });
    start(true);
    notify();
    expect(Notification.instances.at(-1)!.shown).toBe(true); // accepted without an error…
    expect(Notification.delivered).toEqual([]); // …and never shown
    expect(menuLabels()[0]).toBe(NOTICE);
  });

  it('a signed build: notifications appear and the menu has no such line', () => {
    resetFakeElectron({ os: 'darwin', signed: true });
    start(false);
    notify();
    expect(Notification.delivered).toHaveLength(1);
    expect(menuLabels()).not.toContain(NOTICE);
  });

  it('tells a Developer ID signature from an ad-hoc one (what codesign -dv prints)', () => {
    expect(isDeveloperIdSignature('Executable=/Applications/Nanotray.app/Contents/MacOS/Nanotray\nAuthority=Developer ID Application: Ada (AB12CD34EF)\nTeamIdentifier=AB12CD34EF\n')).toBe(true);
    expect(isDeveloperIdSignature('Executable=/Applications/Nanotray.app/Contents/MacOS/Nanotray\nSignature=adhoc\nTeamIdentifier=not set\n')).toBe(false);
    expect(isDeveloperIdSignature('Executable=/x\nTeamIdentifier=not set\n')).toBe(false);
    expect(isDeveloperIdSignature('')).toBe(false);
  });
});
