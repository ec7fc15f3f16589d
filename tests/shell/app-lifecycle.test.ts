// Tray-app lifecycle: single instance, no dock icon on macOS, cleanup in reverse order on quit, and the
// startup-error tray (dialog with the reason, Open config, Retry).
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, BrowserWindow, dialog, powerMonitor, resetFakeElectron, shell, Tray } from './helpers/fake-electron';
import { acquireSingleInstance, disposeOnQuit, enterTrayMode, hideOnClose, quitOnSessionEnd, quitOnShutdown } from '../../src-main/shell/app-lifecycle';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { startStartupErrorShell } from '../../src-main/shell/startup-error';

describe('app lifecycle', () => {
  beforeEach(() => resetFakeElectron());

  it('a second instance quits and the first one is asked to show itself (or quick ask, for --quick-ask)', () => {
    const show = vi.fn();
    expect(acquireSingleInstance(show)).toBe(true);
    app.emit('second-instance', {}, ['/usr/bin/nanotray']);
    app.emit('second-instance', {}, ['/usr/bin/nanotray', '--quick-ask']);
    expect(show.mock.calls).toEqual([[{ quickAsk: false }], [{ quickAsk: true }]]);
    app.lock = false;
    expect(acquireSingleInstance(vi.fn())).toBe(false);
    expect(app.quitCalls).toBe(1);
  });

  it('shutdown and log-off quit for real: Windows session-end on a window, powerMonitor shutdown elsewhere', () => {
    const win = new BrowserWindow({ title: 'w' });
    hideOnClose(win as unknown as ElectronWindow);
    quitOnSessionEnd(win as unknown as ElectronWindow);
    quitOnShutdown();
    expect(win.tryClose()).toBe(true); // the close button only hides it
    win.emit('query-session-end', { reasons: ['logoff'], preventDefault: () => undefined });
    expect(win.tryClose()).toBe(false); // now the OS may close it
    win.emit('session-end', { reasons: ['logoff'] });
    expect(app.quitCalls).toBe(1);
    const delayShutdown = vi.fn();
    powerMonitor.emit('shutdown', { preventDefault: delayShutdown });
    expect(app.quitCalls).toBe(2);
    // the OS is asked to wait for the cleanup that quitting runs
    expect(delayShutdown).toHaveBeenCalledTimes(1);
  });

  it('hides the dock icon on macOS only', () => {
    enterTrayMode('linux');
    expect(app.dock.hidden).toBe(false);
    enterTrayMode('darwin');
    expect(app.dock.hidden).toBe(true);
  });

  it('runs the disposers once, in reverse order, before quitting', async () => {
    const order: string[] = [];
    disposeOnQuit([() => void order.push('core'), async () => void order.push('shell')]);
    const preventDefault = vi.fn();
    app.emit('will-quit', { preventDefault });
    await vi.waitFor(() => expect(app.quitCalls).toBe(1));
    expect(preventDefault).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['shell', 'core']);
    app.emit('will-quit', { preventDefault });
    expect(preventDefault).toHaveBeenCalledTimes(1);
  });

  it('a shutdown waits for a slow cleanup, but not for one that hangs', async () => {
    vi.useFakeTimers();
    try {
      const closed: string[] = [];
      disposeOnQuit(
        [
          () => new Promise<void>(() => undefined), // the core's database close never returns
          () => new Promise<void>((resolve) => setTimeout(() => resolve(void closed.push('shell')), 1_000)),
        ],
        5_000,
      );
      quitOnShutdown();
      powerMonitor.emit('shutdown', { preventDefault: () => undefined });
      expect(app.quitCalls).toBe(1); // the quit that starts will-quit
      app.emit('will-quit', { preventDefault: () => undefined });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(closed).toEqual(['shell']);
      await vi.advanceTimersByTimeAsync(3_999);
      expect(app.quitCalls).toBe(1); // still waiting within the limit
      await vi.advanceTimersByTimeAsync(1);
      expect(app.quitCalls).toBe(2); // quits anyway at the limit
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('startup error tray', () => {
  beforeEach(() => resetFakeElectron());

  it('shows the reason and keeps a tray with Open config, Retry and Quit', async () => {
    const retry = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    startStartupErrorShell({ message: 'Invalid config in /h/config.json: agent.model: expected string.', configPath: '/h/config.json', resourcesDir: '/r', retry });
    expect(dialog.errors).toEqual([
      ['Nanotray could not start', 'Invalid config in /h/config.json: agent.model: expected string.\n\nFix /h/config.json and choose "Retry" in the tray menu.'],
    ]);
    const tray = Tray.instances[0]!;
    expect(tray.image.path).toBe('/r/tray-attention.png');
    expect(tray.menu!.items.map((i: { label?: string }) => i.label).filter(Boolean)).toEqual([
      'Could not start: Invalid config in /h/config.json: agent.model: expected string.',
      'Open config',
      'Retry',
      'Quit Nanotray',
    ]);
    tray.item('Open config').click();
    expect(shell.openedPaths).toEqual(['/h/config.json']);
    tray.item('Retry').click();
    await vi.waitFor(() => expect(dialog.errors).toHaveLength(2));
    expect(dialog.errors[1]).toEqual(['Nanotray still cannot start', 'Check /h/config.json and try again.']);
    tray.item('Retry').click();
    await vi.waitFor(() => expect(tray.destroyed).toBe(true));
  });

  it('speaks the OS\'s language (the config may be what is broken)', () => {
    app.systemLanguages = ['zh-CN'];
    startStartupErrorShell({ message: 'config.json 无效', configPath: '/h/config.json', resourcesDir: '/r', retry: vi.fn() });
    expect(dialog.errors).toEqual([['Nanotray 无法启动', 'config.json 无效\n\n请修正 /h/config.json，然后在托盘菜单中选择“重试”。']]);
    expect(Tray.instances[0]!.menu!.items.map((i: { label?: string }) => i.label).filter(Boolean)).toEqual(['无法启动：config.json 无效', '打开配置文件', '重试', '退出 Nanotray']);
  });
});
