// Window factory security: sandbox, isolation, no Node, no webviews; navigation, new windows, webviews
// and permission requests denied; only http(s) links leave the app (to the system browser).
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { BrowserWindow, resetFakeElectron, shell } from './helpers/fake-electron';
import { createAppWindow, secureWebPreferences } from '../../src-main/shell/windows';

const OPTIONS = { preloadPath: '/app/out/preload/index.cjs', rendererDir: '/app/out/renderer' };

describe('createAppWindow', () => {
  beforeEach(() => resetFakeElectron());

  it.each(['main', 'quick'] as const)('%s window: sandboxed, isolated, no Node, preload only', (kind) => {
    createAppWindow(kind, OPTIONS);
    const prefs = BrowserWindow.instances[0]!.options.webPreferences;
    expect(prefs).toEqual(secureWebPreferences('/app/out/preload/index.cjs'));
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(BrowserWindow.instances[0]!.options.show).toBe(false);
  });

  it('loads the built page, or the dev server when given', () => {
    createAppWindow('main', OPTIONS);
    createAppWindow('quick', { ...OPTIONS, devServerUrl: 'http://localhost:5173/' });
    expect(BrowserWindow.instances[0]!.loaded).toBe('file:/app/out/renderer/index.html');
    expect(BrowserWindow.instances[1]!.loaded).toBe('http://localhost:5173/quick.html');
  });

  it('the quick-ask popup is small, frameless, on top and out of the taskbar', () => {
    createAppWindow('quick', OPTIONS);
    expect(BrowserWindow.instances[0]!.options).toMatchObject({ width: 560, height: 380, frame: false, alwaysOnTop: true, skipTaskbar: true, resizable: false });
  });

  it('denies window.open, sending only http(s) links to the system browser', () => {
    createAppWindow('main', OPTIONS);
    const wc = BrowserWindow.instances[0]!.webContents;
    expect(wc.windowOpenHandler!({ url: 'https://example.test/doc' })).toEqual({ action: 'deny' });
    expect(wc.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(wc.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://example.test/doc']);
  });

  it.each(['will-navigate', 'will-redirect', 'will-attach-webview'])('prevents %s', (event) => {
    createAppWindow('main', OPTIONS);
    const preventDefault = vi.fn();
    BrowserWindow.instances[0]!.webContents.emit(event, { preventDefault }, 'https://evil.test/');
    expect(preventDefault).toHaveBeenCalledTimes(1);
  });

  it('denies every permission request and check except sanitized clipboard writes', () => {
    createAppWindow('main', OPTIONS);
    const wc = BrowserWindow.instances[0]!.webContents;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem', 'hid']) {
      const callback = vi.fn();
      wc.permissionRequestHandler!(wc, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(wc.permissionCheckHandler!(wc, permission)).toBe(false);
    }
    const callback = vi.fn();
    wc.permissionRequestHandler!(wc, 'clipboard-sanitized-write', callback);
    expect(callback).toHaveBeenCalledWith(true);
  });
});
