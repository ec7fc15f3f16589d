// Tray icon state and tooltip from core events, and the tray menu template's items and actions.
import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { INITIAL_TRAY_STATUS, iconState, markSeen, reduceTrayStatus, trayTooltip, type TrayStatus } from '../../src-main/shell/tray-state';
import { buildTrayMenu, describeLastHeartbeat, type TrayMenuActions } from '../../src-main/shell/tray-menu';

const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
const run = (events: CoreEvent[]): TrayStatus => events.reduce(reduceTrayStatus, INITIAL_TRAY_STATUS);

describe('tray status', () => {
  it('is idle with nothing going on', () => {
    expect(iconState(INITIAL_TRAY_STATUS)).toBe('idle');
    expect(trayTooltip(INITIAL_TRAY_STATUS)).toBe('Nanotray — idle');
  });

  it('is working while a turn runs and idle again after it', () => {
    const working = run([{ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't', at: 1 }]);
    expect(iconState(working)).toBe('working');
    expect(trayTooltip(working, 'Heartbeat: Last run: never')).toBe('Nanotray — working (1 session)\nHeartbeat: Last run: never');
    const done = reduceTrayStatus(working, { type: 'turn.finished', sessionKey: 'desktop:a', turnId: 't', stopReason: 'completed', text: '', usage });
    expect(iconState(done)).toBe('idle');
  });

  it('needs attention while an approval waits, even while working', () => {
    const s = run([
      { type: 'turn.started', sessionKey: 'desktop:a', turnId: 't', at: 1 },
      { type: 'approval.requested', id: 'ap1', sessionKey: 'desktop:a', turnId: 't', tool: 'exec', category: 'command', args: '{}', alwaysLabel: 'ls', expiresAt: 9 },
    ]);
    expect(iconState(s)).toBe('attention');
    expect(trayTooltip(s)).toBe('Nanotray — 1 approval waiting, working (1 session)');
    expect(iconState(reduceTrayStatus(s, { type: 'approval.resolved', id: 'ap1', sessionKey: 'desktop:a', decision: 'deny' }))).toBe('working');
  });

  it('needs attention after a notification until the user looks', () => {
    const s = run([
      { type: 'notify', title: 'a', body: 'b', sessionKey: 'heartbeat:default', kind: 'heartbeat' },
      { type: 'notify', title: 'c', body: 'd', sessionKey: 'cron:x', kind: 'cron' },
    ]);
    expect(iconState(s)).toBe('attention');
    expect(trayTooltip(s)).toBe('Nanotray — 2 new notifications');
    expect(iconState(markSeen(s))).toBe('idle');
  });

  it('returns the same object for unrelated events', () => {
    expect(reduceTrayStatus(INITIAL_TRAY_STATUS, { type: 'config.changed' })).toBe(INITIAL_TRAY_STATUS);
  });
});

describe('tray menu', () => {
  const actions = (): TrayMenuActions & Record<string, ReturnType<typeof vi.fn>> => ({
    quickAsk: vi.fn(),
    openMain: vi.fn(),
    heartbeatPause: vi.fn(),
    heartbeatResume: vi.fn(),
    heartbeatRunNow: vi.fn(),
    setLaunchAtLogin: vi.fn(),
    openConfig: vi.fn(),
    retry: vi.fn(),
    quit: vi.fn(),
  });
  const labels = (items: { label?: string; type?: string }[]) => items.map((i) => i.label ?? `--${i.type}`);

  it('lists quick ask, open, heartbeat, config, launch at login and quit', () => {
    const menu = buildTrayMenu(
      { coreReady: true, launchAtLogin: true, heartbeat: { enabled: true, paused: false, running: false, lastResult: 'Last run: never' } },
      actions(),
    );
    expect(labels(menu)).toEqual(['Quick ask', 'Open Nanotray', 'Heartbeat', 'Open config', '--separator', 'Launch at login', '--separator', 'Quit Nanotray']);
    expect(labels(menu[2]!.submenu as never)).toEqual(['Last run: never', '--separator', 'Pause', 'Run now']);
    expect(menu.find((i) => i.label === 'Launch at login')).toMatchObject({ type: 'checkbox', checked: true });
  });

  it('offers Resume while paused and disables Run now while running', () => {
    const menu = buildTrayMenu(
      { coreReady: true, launchAtLogin: false, heartbeat: { enabled: true, paused: true, running: true, lastResult: 'x' } },
      actions(),
    );
    const sub = menu[2]!.submenu as { label: string; enabled?: boolean }[];
    expect(sub[2]!.label).toBe('Resume');
    expect(sub[3]).toMatchObject({ label: 'Running…', enabled: false });
  });

  it('each item calls its action', () => {
    const a = actions();
    const menu = buildTrayMenu({ coreReady: true, launchAtLogin: false, heartbeat: { enabled: true, paused: false, running: false, lastResult: 'x' } }, a);
    const click = (label: string, checked?: boolean) => {
      const all = [...menu, ...((menu[2]!.submenu as typeof menu) ?? [])];
      const item = all.find((i) => i.label === label)!;
      (item.click as (i: { checked?: boolean }) => void)({ checked });
    };
    click('Quick ask');
    click('Open Nanotray');
    click('Pause');
    click('Run now');
    click('Open config');
    click('Launch at login', true);
    click('Quit Nanotray');
    expect(a.quickAsk).toHaveBeenCalledTimes(1);
    expect(a.openMain).toHaveBeenCalledTimes(1);
    expect(a.heartbeatPause).toHaveBeenCalledTimes(1);
    expect(a.heartbeatRunNow).toHaveBeenCalledTimes(1);
    expect(a.openConfig).toHaveBeenCalledTimes(1);
    expect(a.setLaunchAtLogin).toHaveBeenCalledWith(true);
    expect(a.quit).toHaveBeenCalledTimes(1);
  });

  it('after a startup error shows the problem, Open config, Retry and Quit only (no Launch at login)', () => {
    const menu = buildTrayMenu({ coreReady: false, launchAtLogin: false, problem: 'Could not start: Invalid config' }, actions());
    expect(labels(menu)).toEqual(['Could not start: Invalid config', '--separator', 'Open config', 'Retry', '--separator', 'Quit Nanotray']);
  });

  it('describes the last heartbeat run', () => {
    expect(describeLastHeartbeat(null, 0)).toBe('Last run: never');
    expect(describeLastHeartbeat({ startedAt: 0, outcome: 'skipped', reason: { code: 'no_active_tasks' } }, 5 * 60_000)).toBe(
      'Last run 5 min ago: skipped (no active tasks in HEARTBEAT.md)',
    );
    expect(describeLastHeartbeat({ startedAt: 0, outcome: 'notified', reason: { code: 'none' } }, 3 * 3_600_000)).toBe('Last run 3 h ago: notified');
    expect(describeLastHeartbeat({ startedAt: 0, outcome: 'skipped', reason: { code: 'no_provider' } }, 5 * 60_000, 'zh')).toMatch(/未配置模型服务商/);
  });
});
