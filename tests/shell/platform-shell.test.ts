// The desktop shell on each platform, against the faked Electron module: Linux identity (desktopName, the
// Wayland shortcuts portal), XDG autostart, Wayland's centred quick ask and shortcut note; Windows AppUserModelID;
// macOS reopen (activate), keyboard focus for quick ask, left click without the menu; resume → the scheduler.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, BrowserWindow, powerMonitor, resetFakeElectron, screen, Tray } from './helpers/fake-electron';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startDesktopShell, type DesktopShell } from '../../src-main/shell/desktop-shell';
import { applyPlatformIdentity, APP_ID, DESKTOP_FILE } from '../../src-main/shell/platform-identity';
import { autostartEntry, launchCommand, readAutostart, writeAutostart, autostartFile } from '../../src-main/shell/linux-autostart';
import { waylandShortcutNote } from '../../src-main/shell/quick-ask';
import { createSecretStore } from '../../src-main/shell/secret-store';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { desktopName: string; build: { appId: string; linux: { syncDesktopName?: boolean } } };

describe('platform identity', () => {
  beforeEach(() => resetFakeElectron());

  it('Linux: the desktop name is the installed entry (package.json desktopName, synced by electron-builder)', () => {
    applyPlatformIdentity('linux', {});
    expect(app.desktopName).toBe(DESKTOP_FILE);
    expect(pkg.desktopName).toBe(DESKTOP_FILE);
    expect(pkg.build.linux.syncDesktopName).toBe(true);
    expect(app.switches).toEqual([]);
  });

  it('Linux on Wayland: global shortcuts go through the desktop portal', () => {
    applyPlatformIdentity('linux', { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' });
    expect(app.switches).toEqual([['enable-features', 'GlobalShortcutsPortal']]);
  });

  it('Windows: the AppUserModelID is the installer id, so toasts are named Nanotray and clickable', () => {
    applyPlatformIdentity('win32', {});
    expect(app.appUserModelId).toBe(APP_ID);
    expect(pkg.build.appId).toBe(APP_ID);
    expect(app.desktopName).toBe('');
  });

  it('macOS: neither', () => {
    applyPlatformIdentity('darwin', {});
    expect([app.appUserModelId, app.desktopName, app.switches.length]).toEqual(['', '', 0]);
  });
});

describe('Linux autostart entry', () => {
  let home: TempHome;
  beforeEach(() => (home = makeTempHome()));
  afterEach(() => home.cleanup());

  it('starts the AppImage file itself, else the binary (with the app folder when unpackaged)', () => {
    const base = { execPath: '/opt/Nanotray/nanotray', appPath: '/src/nanotray' };
    expect(launchCommand({ ...base, env: { APPIMAGE: '/home/me/Apps/Nanotray.AppImage' }, isPackaged: true })).toEqual({ exec: '/home/me/Apps/Nanotray.AppImage', args: [] });
    expect(launchCommand({ ...base, env: {}, isPackaged: true })).toEqual({ exec: '/opt/Nanotray/nanotray', args: [] });
    expect(launchCommand({ ...base, env: {}, isPackaged: false })).toEqual({ exec: '/opt/Nanotray/nanotray', args: ['/src/nanotray'] });
  });

  it('quotes the Exec key as the Desktop Entry Specification says', () => {
    const text = autostartEntry({ exec: '/home/me/My Apps/Nano"tray$1.AppImage', args: ['50%'] });
    expect(text.split('\n')).toContain('Exec="/home/me/My Apps/Nano\\\\"tray\\\\$1.AppImage" 50%%');
    expect(text.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
  });

  it('is written to $XDG_CONFIG_HOME/autostart, read back, and removed; Hidden=true counts as off', () => {
    const env = { XDG_CONFIG_HOME: join(home.home, 'cfg') };
    const file = autostartFile(env);
    expect(file).toBe(join(home.home, 'cfg', 'autostart', 'nanotray.desktop'));
    expect(autostartFile({ HOME: '/home/me' })).toBe('/home/me/.config/autostart/nanotray.desktop');
    expect(readAutostart(file)).toBe(false);
    writeAutostart(file, true, { exec: '/usr/bin/nanotray', args: [] });
    expect(readAutostart(file)).toBe(true);
    writeAutostart(file, true, { exec: '/usr/bin/nanotray', args: [] });
    expect(readAutostart(file)).toBe(true);
    writeAutostart(file, false, { exec: '/usr/bin/nanotray', args: [] });
    expect(readAutostart(file)).toBe(false);
  });
});

describe('desktop shell per platform', () => {
  let home: TempHome;
  let core: Core;
  let desktop: DesktopShell | undefined;
  const RENDERER = '/app/out/renderer';

  const start = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}): DesktopShell =>
    (desktop = startDesktopShell({
      core,
      resourcesDir: '/app/resources',
      secrets: createSecretStore(),
      version: '1.2.3',
      platform,
      env: { HOME: home.home, XDG_CONFIG_HOME: join(home.home, 'xdg'), ...env },
      windows: { preloadPath: '/app/out/preload/index.cjs', rendererDir: RENDERER },
    }));
  const tray = (): Tray => Tray.instances[0]!;
  const window = (title: string): BrowserWindow | undefined => BrowserWindow.instances.find((w) => w.options.title === title);

  beforeEach(() => {
    resetFakeElectron();
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

  it('macOS: reopening the app (activate) shows the main window', () => {
    start('darwin');
    app.emit('activate', {}, false);
    expect(window('Nanotray')?.visible).toBe(true);
    expect(app.focusSteals).toBe(1);
  });

  it('macOS: a left click opens quick ask with the keyboard focus and no menu; the menu comes on right-click', () => {
    start('darwin');
    expect(tray().menu).toBeUndefined();
    tray().emit('click', {}, { x: 700, y: 0, width: 22, height: 22 });
    expect(window('Nanotray quick ask')?.visible).toBe(true);
    expect(app.focusSteals).toBe(1);
    tray().emit('right-click', {}, { x: 700, y: 0, width: 22, height: 22 });
    expect(tray().poppedUp.at(-1)!.items.map((i: { label?: string }) => i.label)).toContain('Quit Nanotray');
  });

  it('Windows and Linux: the context menu is the tray menu; quick ask takes no focus from other apps', () => {
    start('win32');
    expect(tray().menu!.items.map((i: { label?: string }) => i.label)).toContain('Quick ask');
    tray().emit('click', {}, { x: 1800, y: 1040, width: 24, height: 24 });
    expect(window('Nanotray quick ask')?.visible).toBe(true);
    expect(app.focusSteals).toBe(0);
  });

  it('Wayland: quick ask is centred on the active screen; the shortcut comes with a note on what to do if it does nothing', () => {
    screen.workArea = { x: 1920, y: 0, width: 2560, height: 1440 };
    const shell = start('linux', { WAYLAND_DISPLAY: 'wayland-0', APPIMAGE: '' });
    tray().emit('click', {}, { x: 0, y: 0, width: 0, height: 0 });
    const quick = window('Nanotray quick ask')!;
    const [w, h] = quick.getSize();
    expect(quick.position).toEqual([1920 + (2560 - w) / 2, (1440 - h) / 2]);
    expect(quick.centered).toBe(1);
    const note = waylandShortcutNote('Alt+Space', `${process.execPath} ${process.cwd()}`);
    expect(shell.shortcutProblem()).toBe(note);
    expect(note).toContain(`runs: ${process.execPath} ${process.cwd()} --quick-ask.`);
    expect(tray().menu!.items[0]).toMatchObject({ label: note.slice(0, 120), enabled: false });
  });

  it('the machine woke up: the shell tells the scheduler, which re-measures its timers', () => {
    const resumed = vi.spyOn(core.scheduler, 'resumed');
    start('linux');
    powerMonitor.emit('resume');
    expect(resumed).toHaveBeenCalledTimes(1);
    desktop!.dispose();
    desktop = undefined;
    powerMonitor.emit('resume');
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('the tray names the process that runs heartbeat and cron when it is another one', async () => {
    const other = createCore({ host: 'daemon', home: home.home, env: {}, startBackground: true });
    if (!other.ok) throw new Error(other.error);
    try {
      await other.value.started; // it took the lease
      start('linux');
      expect(tray().item(`Runs in nanotray daemon (pid ${process.pid})`)).toMatchObject({ enabled: false });
    } finally {
      void other.value.dispose();
    }
  });
});
