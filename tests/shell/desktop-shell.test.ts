// The desktop shell wired to a real core (temp home) and a faked electron: IPC router with the sender check,
// tray menu → core functions, tray icon states, notification click → session, shortcut conflict, hide on close.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, BrowserWindow, globalShortcut, ipcMain, Notification, resetFakeElectron, shell, Tray } from './helpers/fake-electron';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startDesktopShell, type DesktopShell } from '../../src-main/shell/desktop-shell';
import { createSecretStore } from '../../src-main/shell/secret-store';
import { INVOKE_CHANNELS } from '../../src-preload/contract/channels';
import { makeTempHome, type TempHome } from '../helpers/temp-home';
import { quitApp } from '../../src-main/shell/app-lifecycle';

const RENDERER = '/app/out/renderer';
const APP_PAGE = { senderFrame: { url: `file://${RENDERER}/index.html`, parent: null } };
const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

describe('desktop shell', () => {
  let home: TempHome;
  let core: Core;
  let desktop: DesktopShell;

  const start = (): DesktopShell =>
    startDesktopShell({
      core,
      resourcesDir: '/app/resources',
      secrets: createSecretStore(),
      version: '1.2.3',
      platform: 'linux',
      env: { HOME: home.home, XDG_CONFIG_HOME: join(home.home, 'xdg') },
      windows: { preloadPath: '/app/out/preload/index.cjs', rendererDir: RENDERER },
    });
  const tray = (): Tray => Tray.instances[0]!;
  type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  const invoke = (channel: string, payload: unknown, event: unknown = APP_PAGE): Promise<Answer> =>
    ipcMain.handlers.get(channel)!(event, payload) as unknown as Promise<Answer>;

  beforeEach(() => {
    resetFakeElectron();
    home = makeTempHome({ heartbeat: { enable: true }, ui: { quickAskShortcut: 'Alt+Space' } });
    const created = createCore({ host: 'electron', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
  });
  afterEach(async () => {
    desktop?.dispose();
    await core.dispose();
    home.cleanup();
  });

  describe('IPC', () => {
    it('registers every contract channel and removes them on dispose', () => {
      desktop = start();
      expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
      desktop.dispose();
      expect(ipcMain.handlers.size).toBe(0);
    });

    it('answers the app page through the shared handlers', async () => {
      desktop = start();
      expect(await invoke('app:info', undefined)).toMatchObject({ ok: true, value: { host: 'electron', home: home.home } });
    });

    it('refuses a sender that is not the app page', async () => {
      desktop = start();
      const foreign = { senderFrame: { url: 'https://evil.test/', parent: null } };
      expect(await invoke('settings:get', undefined, foreign)).toEqual({ ok: false, error: { code: 'forbidden', message: 'Untrusted sender on settings:get' } });
    });

    it('validates payloads like every other host', async () => {
      desktop = start();
      const result = await invoke('chat:cancel', { sessionKey: 'a b' });
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('invalid_input');
    });
  });

  describe('tray', () => {
    it('starts idle with a status tooltip and the full menu', () => {
      desktop = start();
      expect(tray().image.path).toBe(join('/app/resources', 'tray-idle.png'));
      expect(tray().tooltip).toBe('Nanotray — idle\nHeartbeat: Last run: never');
      expect(tray().item('Quick ask')).toBeDefined();
      expect(tray().item('Pause')).toBeDefined();
      expect(tray().item('Last run: never')).toMatchObject({ enabled: false });
    });

    it('switches the icon for working and attention', () => {
      desktop = start();
      core.events.emit({ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't1', at: 1 });
      expect(tray().image.path).toBe(join('/app/resources', 'tray-working.png'));
      core.events.emit({ type: 'approval.requested', id: 'ap', sessionKey: 'desktop:a', turnId: 't1', tool: 'exec', category: 'command', args: '{}', alwaysLabel: 'ls', expiresAt: 1 });
      expect(tray().image.path).toBe(join('/app/resources', 'tray-attention.png'));
      expect(tray().tooltip.split('\n')[0]).toBe('Nanotray — 1 approval waiting, working (1 session)');
      core.events.emit({ type: 'approval.resolved', id: 'ap', sessionKey: 'desktop:a', decision: 'allow_once' });
      core.events.emit({ type: 'turn.finished', sessionKey: 'desktop:a', turnId: 't1', stopReason: 'completed', text: '', usage });
      expect(tray().image.path).toBe(join('/app/resources', 'tray-idle.png'));
    });

    it('heartbeat items call the core heartbeat', async () => {
      desktop = start();
      const pause = vi.spyOn(core.heartbeat, 'pause');
      const resume = vi.spyOn(core.heartbeat, 'resume');
      const runNow = vi.spyOn(core.heartbeat, 'runNow');
      tray().item('Pause').click();
      expect(pause).toHaveBeenCalledTimes(1);
      expect(tray().item('Resume')).toBeDefined();
      tray().item('Resume').click();
      expect(resume).toHaveBeenCalledTimes(1);
      tray().item('Run now').click();
      expect(runNow).toHaveBeenCalledTimes(1);
      await runNow.mock.results[0]!.value;
    });

    it('Open Nanotray shows the main window; closing it only hides it', () => {
      desktop = start();
      tray().item('Open Nanotray').click();
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      expect(main.visible).toBe(true);
      expect(main.skipTaskbar).toBe(false);
      expect(main.tryClose()).toBe(true);
      expect(main.visible).toBe(false);
      expect(main.skipTaskbar).toBe(true);
    });

    it('a tray click and Quick ask toggle the popup', () => {
      desktop = start();
      tray().emit('click', {}, { x: 100, y: 0, width: 20, height: 20 });
      const quick = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray quick ask')!;
      expect(quick.visible).toBe(true);
      tray().emit('click', {}, { x: 100, y: 0, width: 20, height: 20 });
      expect(quick.visible).toBe(false);
      tray().item('Quick ask').click();
      expect(quick.visible).toBe(true);
    });

    it('Launch at login writes the XDG autostart entry (Linux) and the config', () => {
      desktop = start();
      const entry = join(home.home, 'xdg', 'autostart', 'nanotray.desktop');
      tray().item('Launch at login').click({ checked: true });
      expect(readFileSync(entry, 'utf8')).toContain(`Exec=${process.execPath} ${process.cwd()}\n`);
      expect(app.loginItem.openAtLogin).toBe(false);
      expect(core.config().ui.launchAtLogin).toBe(true);
      expect(tray().item('Launch at login').checked).toBe(true);
      tray().item('Launch at login').click({ checked: false });
      expect(existsSync(entry)).toBe(false);
    });

    it('Open config opens config.json; Quit quits', () => {
      desktop = start();
      tray().item('Open config').click();
      expect(shell.openedPaths).toEqual([join(home.home, 'config.json')]);
      tray().item('Quit Nanotray').click();
      expect(app.quitCalls).toBe(1);
    });
  });

  describe('notifications', () => {
    it('shows a notify event; clicking it opens that session in the main window', () => {
      desktop = start();
      core.events.emit({ type: 'notify', title: 'Heartbeat', body: 'Water the plants', sessionKey: 'heartbeat:default', kind: 'heartbeat' });
      const n = Notification.instances.at(-1)!;
      expect(n.options).toMatchObject({ title: 'Heartbeat', body: 'Water the plants' });
      expect(n.shown).toBe(true);
      expect(tray().image.path).toBe(join('/app/resources', 'tray-attention.png'));
      n.emit('click');
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      expect(main.visible).toBe(true);
      expect(main.webContents.sent).toContainEqual(['app:navigate', { view: 'chat', sessionKey: 'heartbeat:default' }]);
      expect(tray().image.path).toBe(join('/app/resources', 'tray-idle.png'));
    });

    it('leaves it to the in-window toast while the main window is in front, and notifies again once it is not', () => {
      desktop = start();
      desktop.showMain();
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      expect(main.isFocused()).toBe(true);
      const before = Notification.instances.length;
      core.events.emit({ type: 'notify', title: 'Subagent done', body: 'files listed', sessionKey: 'desktop:a', kind: 'subagent' });
      expect(Notification.instances.length).toBe(before);
      expect(main.webContents.sent.some(([channel, e]) => channel === 'core:event' && (e as { type?: string }).type === 'notify')).toBe(true);
      main.blur();
      core.events.emit({ type: 'notify', title: 'Subagent done', body: 'again', sessionKey: 'desktop:a', kind: 'subagent' });
      expect(Notification.instances.length).toBe(before + 1);
      expect(Notification.instances.at(-1)!.shown).toBe(true);
    });

    it('forwards core events to open windows', () => {
      desktop = start();
      desktop.showMain();
      core.events.emit({ type: 'token', sessionKey: 'desktop:a', turnId: 't', text: 'Hi' });
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      expect(main.webContents.sent).toContainEqual(['core:event', { type: 'token', sessionKey: 'desktop:a', turnId: 't', text: 'Hi' }]);
    });

    it('"open in window" from quick ask continues quick:default in the main window', async () => {
      desktop = start();
      desktop.quickAsk.show();
      const quickPage = { senderFrame: { url: `file://${RENDERER}/quick.html`, parent: null } };
      expect(await invoke('app:show-main-window', { view: 'chat', sessionKey: 'quick:default' }, quickPage)).toEqual({ ok: true, value: { shown: true } });
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      const quick = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray quick ask')!;
      expect(quick.visible).toBe(false);
      expect(main.webContents.sent).toContainEqual(['app:navigate', { view: 'chat', sessionKey: 'quick:default' }]);
    });
  });

  describe('approvals nobody sees', () => {
    const request = (id: string, sessionKey: string) => ({
      type: 'approval.requested' as const,
      id,
      sessionKey,
      turnId: 't',
      tool: 'write_file',
      category: 'write' as const,
      args: '{"path":"notes.md","content":"SECRET-ARGS"}',
      expiresAt: Date.now() + 300_000,
    });

    it('raise a notification (the tool, never its arguments); a click opens the chat, an answer closes it', () => {
      desktop = start();
      core.events.emit(request('a1', 'desktop:a'));
      const n = Notification.instances.at(-1)!;
      expect(n.shown).toBe(true);
      expect(n.options).toMatchObject({ title: 'Nanotray needs your approval', body: 'Allow write_file? Open Nanotray to see what it will do, then allow or deny it.' });
      expect(JSON.stringify(n.options)).not.toContain('SECRET-ARGS');
      n.emit('click');
      const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
      expect(main.visible).toBe(true);
      expect(main.webContents.sent).toContainEqual(['app:navigate', { view: 'chat', sessionKey: 'desktop:a' }]);

      main.blur();
      core.events.emit(request('a2', 'desktop:a'));
      const second = Notification.instances.at(-1)!;
      expect(second).not.toBe(n);
      core.events.emit({ type: 'approval.resolved', id: 'a2', sessionKey: 'desktop:a', decision: 'deny' });
      expect(second.closed).toBe(true);
    });

    it('quick ask\'s own request opens quick ask; nothing is raised while the window shows it', () => {
      desktop = start();
      core.events.emit(request('q1', 'quick:default'));
      const n = Notification.instances.at(-1)!;
      n.emit('click');
      const quick = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray quick ask')!;
      expect(quick.visible).toBe(true);
      const before = Notification.instances.length;
      core.events.emit(request('q2', 'quick:default'));
      expect(Notification.instances.length).toBe(before);
      quick.hide();
      desktop.showMain();
      core.events.emit(request('m1', 'desktop:b'));
      expect(Notification.instances.length).toBe(before);
    });
  });

  describe('quick-ask shortcut', () => {
    it('registers ui.quickAskShortcut', () => {
      desktop = start();
      expect([...globalShortcut.registered.keys()]).toEqual(['Alt+Space']);
      expect(desktop.shortcutProblem()).toBeUndefined();
    });

    it('reports a taken shortcut in the tray menu and a notification', () => {
      globalShortcut.taken.add('Alt+Space');
      desktop = start();
      const message =
        'The quick-ask shortcut "Alt+Space" is already used by another application. Choose another one in Settings (ui.quickAskShortcut); the tray icon still opens quick ask.';
      expect(desktop.shortcutProblem()).toBe(message);
      expect(tray().menu!.items[0]).toMatchObject({ label: message.slice(0, 120), enabled: false });
      expect(Notification.instances.at(-1)!.options).toEqual({ title: 'Nanotray: quick-ask shortcut unavailable', body: message });
    });

    it('makes the popup, hidden, soon after start, so the shortcut only has to show it', () => {
      vi.useFakeTimers();
      try {
        desktop = start();
        const popup = () => BrowserWindow.instances.find((w) => w.options.title === 'Nanotray quick ask');
        expect(popup()).toBeUndefined(); // not before the tray is up
        vi.advanceTimersByTime(2_000);
        expect(popup()!.loaded).toBe(`file:${RENDERER}/quick.html`);
        expect(popup()!.visible).toBe(false);
        globalShortcut.registered.get('Alt+Space')!();
        expect(BrowserWindow.instances.filter((w) => w.options.title === 'Nanotray quick ask')).toEqual([popup()]);
        expect(popup()!.visible).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('re-registers when the setting changes', () => {
      desktop = start();
      const saved = core.updateConfig((raw) => {
        raw.ui = { quickAskShortcut: 'Control+Alt+K' };
      });
      expect(saved.ok).toBe(true);
      expect([...globalShortcut.registered.keys()]).toEqual(['Control+Alt+K']);
    });
  });

  it('a real quit lets windows close', () => {
    desktop = start();
    desktop.showMain();
    quitApp();
    const main = BrowserWindow.instances.find((w) => w.options.title === 'Nanotray')!;
    expect(main.tryClose()).toBe(false);
  });
});
