// The desktop shell speaks the user's language outside the window (faked electron, real core): the tray menu and
// tooltip, approval and report notifications, the shortcut problem — in Chinese when Settings says so or, with
// `system`, when the OS prefers it; a change in Settings applies at once; the core's own reports carry catalogue
// references, so what the agent wrote stays as it was.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, globalShortcut, Notification, resetFakeElectron, Tray } from './helpers/fake-electron';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startDesktopShell, type DesktopShell } from '../../src-main/shell/desktop-shell';
import { createSecretStore } from '../../src-main/shell/secret-store';
import { heartbeatFailureNotice } from '../../src-main/core/scheduler/heartbeat-session';
import { noticeWords } from '../../src-main/core/lib/notice-words';
import { textRef } from '../../src-preload/contract/desktop-texts';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

describe('the desktop shell in the user\'s language', () => {
  let home: TempHome;
  let core: Core;
  let desktop: DesktopShell | undefined;

  const open = (ui: Record<string, unknown>): void => {
    home = makeTempHome({ heartbeat: { enable: true }, ui: { quickAskShortcut: 'Alt+Space', ...ui } });
    const created = createCore({ host: 'electron', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
    desktop = startDesktopShell({
      core,
      resourcesDir: '/app/resources',
      secrets: createSecretStore(),
      version: '1.2.3',
      platform: 'linux',
      env: { HOME: home.home, XDG_CONFIG_HOME: join(home.home, 'xdg') },
      windows: { preloadPath: '/app/out/preload/index.cjs', rendererDir: '/app/out/renderer' },
    });
  };
  const tray = (): Tray => Tray.instances[0]!;
  const labels = (): string[] => (tray().menu?.items ?? []).map((i: { label?: string }) => i.label ?? '').filter(Boolean);

  beforeEach(() => resetFakeElectron());
  afterEach(async () => {
    desktop?.dispose();
    desktop = undefined;
    await core?.dispose();
    home?.cleanup();
  });

  it('ui.language zh: the tray menu, its heartbeat submenu and the tooltip are Chinese', () => {
    open({ language: 'zh' });
    expect(labels()).toEqual(['快速提问', '打开 Nanotray', '心跳', '打开配置文件', '登录时启动', '退出 Nanotray']);
    expect(tray().item('上次运行：从未')).toMatchObject({ enabled: false });
    expect(tray().item('暂停')).toBeDefined();
    expect(tray().tooltip).toBe('Nanotray — 空闲\n心跳：上次运行：从未');
    core.events.emit({ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't1', at: 1 });
    expect(tray().tooltip.split('\n')[0]).toBe('Nanotray — 工作中（1 个会话）');
  });

  it('ui.language system follows the OS: Chinese when it prefers Chinese, English otherwise', async () => {
    app.systemLanguages = ['zh-Hans-CN', 'en-US'];
    open({ language: 'system' });
    expect(labels()[0]).toBe('快速提问');
    desktop!.dispose();
    desktop = undefined;
    await core.dispose();
    home.cleanup();
    resetFakeElectron();
    app.systemLanguages = ['de-DE', 'fr-FR'];
    open({ language: 'system' });
    expect(labels()[0]).toBe('Quick ask');
  });

  it('a change in Settings applies at once, to the menu and the tooltip', () => {
    open({ language: 'en' });
    expect(labels()[0]).toBe('Quick ask');
    const saved = core.updateConfig((raw) => {
      (raw.ui as Record<string, unknown>).language = 'zh';
    });
    expect(saved.ok).toBe(true);
    expect(labels()[0]).toBe('快速提问');
    expect(tray().tooltip.startsWith('Nanotray — 空闲')).toBe(true);
  });

  it('approval and report notifications are Chinese; what the agent wrote stays as it was', () => {
    open({ language: 'zh' });
    core.events.emit({ type: 'approval.requested', id: 'a1', sessionKey: 'desktop:a', turnId: 't', tool: 'write_file', category: 'write', args: '{}', expiresAt: Date.now() + 60_000 });
    expect(Notification.instances.at(-1)!.options).toMatchObject({ title: 'Nanotray 需要你的批准', body: '允许 write_file 吗？打开 Nanotray 查看它要做什么，然后允许或拒绝。' });

    core.events.emit({ type: 'notify', ...noticeWords(textRef('notify.heartbeat'), 'Water the plants.'), sessionKey: 'heartbeat:default', kind: 'heartbeat' });
    expect(Notification.instances.at(-1)!.options).toMatchObject({ title: 'Nanotray 心跳', body: 'Water the plants.' });

    core.events.emit(heartbeatFailureNotice('provider down'));
    expect(Notification.instances.at(-1)!.options).toMatchObject({ title: '心跳运行失败', body: 'provider down' });

    const paused = noticeWords(textRef('notify.cronPaused', { job: 'digest' }), textRef('notify.cronPausedBody', { count: 3, error: 'timeout' }));
    expect(paused.title).toBe("Cron job 'digest' paused"); // the English words stay for the CLI and the log
    core.events.emit({ type: 'notify', ...paused, sessionKey: 'cron:digest', kind: 'error' });
    expect(Notification.instances.at(-1)!.options).toMatchObject({ title: '定时任务“digest”已暂停', body: '连续出错 3 次，最近一次：timeout。修复后可在运行面板中恢复。' });
  });

  it('a taken shortcut is explained in Chinese in the menu and the notification', () => {
    globalShortcut.taken.add('Alt+Space');
    open({ language: 'zh' });
    const problem = '快速提问快捷键“Alt+Space”已被其他应用占用。请在设置中另选一个（ui.quickAskShortcut）；点击托盘图标仍可打开快速提问。';
    expect(desktop!.shortcutProblem()).toBe(problem);
    expect(labels()[0]).toBe(problem.slice(0, 120));
    expect(Notification.instances.at(-1)!.options).toMatchObject({ title: 'Nanotray：快速提问快捷键不可用', body: problem });
  });
});
