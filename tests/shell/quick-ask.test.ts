// Quick ask: global shortcut (taken / invalid → a clear message), placement near the tray or cursor inside
// the work area, toggling, and hiding on Esc and on blur.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { BrowserWindow, globalShortcut, resetFakeElectron, screen } from './helpers/fake-electron';
import { createQuickAsk, registerQuickAskShortcut, unregisterQuickAskShortcut } from '../../src-main/shell/quick-ask';
import { quickAskPosition } from '../../src-main/shell/quick-ask-position';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { wordRef } from '../../src-preload/contract/desktop-texts';

describe('registerQuickAskShortcut', () => {
  beforeEach(() => resetFakeElectron());

  it('registers a free accelerator', () => {
    const onPress = vi.fn();
    expect(registerQuickAskShortcut('CommandOrControl+Shift+Space', onPress)).toEqual({ ok: true });
    globalShortcut.registered.get('CommandOrControl+Shift+Space')!();
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('explains a shortcut another application holds, in English and in Chinese', () => {
    globalShortcut.taken.add('CommandOrControl+Shift+Space');
    const result = registerQuickAskShortcut('CommandOrControl+Shift+Space', () => undefined);
    expect(result).toEqual({ ok: false, problem: { key: 'shortcut.taken', values: { shortcut: 'CommandOrControl+Shift+Space' } } });
    if (result.ok) return;
    expect(wordRef('en', result.problem)).toBe(
      'The quick-ask shortcut "CommandOrControl+Shift+Space" is already used by another application. Choose another one in Settings (ui.quickAskShortcut); the tray icon still opens quick ask.',
    );
    expect(wordRef('zh', result.problem)).toBe('快速提问快捷键“CommandOrControl+Shift+Space”已被其他应用占用。请在设置中另选一个（ui.quickAskShortcut）；点击托盘图标仍可打开快速提问。');
  });

  it('explains an invalid accelerator instead of throwing', () => {
    const result = registerQuickAskShortcut('Ctrl+Shift+ä!', () => undefined);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(wordRef('en', result.problem)).toBe(
      'The quick-ask shortcut "Ctrl+Shift+ä!" is not a valid accelerator (Failed to parse accelerator Ctrl+Shift+ä!). Change ui.quickAskShortcut in Settings.',
    );
  });

  it('explains an empty shortcut', () => {
    expect(registerQuickAskShortcut('  ', () => undefined)).toEqual({ ok: false, problem: { key: 'shortcut.empty' } });
    expect(wordRef('en', { key: 'shortcut.empty' })).toBe('No quick-ask shortcut is set (ui.quickAskShortcut is empty).');
  });

  it('unregisters', () => {
    registerQuickAskShortcut('Alt+Space', () => undefined);
    unregisterQuickAskShortcut('Alt+Space');
    expect(globalShortcut.registered.size).toBe(0);
  });
});

describe('quickAskPosition', () => {
  const work = { x: 0, y: 25, width: 1440, height: 875 };
  const size = { width: 560, height: 380 };
  it('opens below a tray icon at the top, centred on it', () => {
    expect(quickAskPosition({ x: 1200, y: 0, width: 24, height: 24 }, size, work)).toEqual({ x: 872, y: 33 });
  });
  it('opens above a tray icon at the bottom (Windows taskbar)', () => {
    expect(quickAskPosition({ x: 1800, y: 1040, width: 24, height: 40 }, size, { x: 0, y: 0, width: 1920, height: 1040 })).toEqual({ x: 1352, y: 652 });
  });
  it('stays inside the work area near a screen corner', () => {
    expect(quickAskPosition({ x: 5, y: 880, width: 0, height: 0 }, size, work)).toEqual({ x: 8, y: 492 });
  });
});

describe('createQuickAsk', () => {
  let win: BrowserWindow;
  beforeEach(() => {
    resetFakeElectron();
    win = new BrowserWindow({ width: 560, height: 380 });
  });
  const controller = () => createQuickAsk(() => win as unknown as ElectronWindow);

  it('shows near the cursor and focuses the page; a second toggle hides it', () => {
    screen.cursor = { x: 300, y: 200 };
    const quick = controller();
    quick.toggle();
    expect(win.visible).toBe(true);
    expect(win.position).toEqual([20, 208]);
    expect(win.webContents.focused).toBe(1);
    quick.toggle();
    expect(win.visible).toBe(false);
  });

  it('uses the tray bounds when given', () => {
    controller().show({ x: 1000, y: 0, width: 20, height: 20 });
    expect(win.position).toEqual([730, 28]);
  });

  it('hides on blur and on Escape', () => {
    const quick = controller();
    quick.show();
    win.emit('blur');
    expect(win.visible).toBe(false);
    quick.show();
    const preventDefault = vi.fn();
    win.webContents.emit('before-input-event', { preventDefault }, { type: 'keyDown', key: 'Escape' });
    expect(preventDefault).toHaveBeenCalled();
    expect(win.visible).toBe(false);
    quick.show();
    win.webContents.emit('before-input-event', { preventDefault }, { type: 'keyDown', key: 'a' });
    expect(win.visible).toBe(true);
  });

  it('a tray click that closes it (Windows: the blur comes first, then the click) leaves it closed', () => {
    let now = 10_000;
    const quick = createQuickAsk(() => win as unknown as ElectronWindow, { now: () => now });
    quick.toggle();
    expect(win.visible).toBe(true);
    // Windows: mouse-down on the tray icon takes the focus (blur hides the popup), then the click toggles.
    win.emit('blur');
    now += 120;
    quick.toggle();
    expect(win.visible).toBe(false);
    // The next click, later, opens it as usual.
    now += 2_000;
    quick.toggle();
    expect(win.visible).toBe(true);
    // Blur from clicking elsewhere, then a tray click much later: opens.
    win.emit('blur');
    now += 5_000;
    quick.toggle();
    expect(win.visible).toBe(true);
  });

  it('hide() reports whether something was hidden', () => {
    const quick = controller();
    expect(quick.hide()).toBe(false);
    quick.show();
    expect(quick.hide()).toBe(true);
  });
});
