// The preload exposes exactly `window.nanotray`: named functions that invoke their own channel, event
// subscriptions that hand over only the payload, and nothing of ipcRenderer itself.
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../shell/helpers/fake-electron'));

import { contextBridge, ipcRenderer } from '../shell/helpers/fake-electron';
import type { NanotrayApi } from '../../src-preload/contract/api';

describe('preload', () => {
  let api: NanotrayApi;

  beforeAll(async () => {
    await import('../../src-preload/index');
    api = contextBridge.exposed.get('nanotray') as NanotrayApi;
  });

  it('exposes one object, window.nanotray', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['nanotray']);
  });

  it('offers no raw ipcRenderer and no generic invoke/send/on', () => {
    const names = Object.keys(api);
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'on', 'sendSync', 'postMessage']) expect(names).not.toContain(forbidden);
    for (const group of Object.values(api)) {
      if (typeof group === 'function') continue;
      for (const fn of Object.values(group as Record<string, unknown>)) expect(typeof fn).toBe('function');
    }
  });

  it('each call invokes its own channel with the given payload', async () => {
    expect(await api.chat.send({ sessionKey: 'quick:default', text: 'hi' })).toEqual({ ok: true, value: { channel: 'chat:send' } });
    await api.runtime.set({ key: 'max_iterations', value: 3 });
    await api.heartbeat.status();
    expect(ipcRenderer.invoked).toEqual([
      ['chat:send', { sessionKey: 'quick:default', text: 'hi' }],
      ['runtime:set', { key: 'max_iterations', value: 3 }],
      ['heartbeat:status', undefined],
    ]);
  });

  it('subscriptions pass only the payload (never the IPC event) and unsubscribe', () => {
    const seen: unknown[] = [];
    const off = api.onCoreEvent((event) => seen.push(event));
    ipcRenderer.push('core:event', { type: 'config.changed' });
    off();
    ipcRenderer.push('core:event', { type: 'mcp.changed' });
    expect(seen).toEqual([{ type: 'config.changed' }]);
    const nav: unknown[] = [];
    api.onNavigate((e) => nav.push(e));
    ipcRenderer.push('app:navigate', { view: 'memory' });
    expect(nav).toEqual([{ view: 'memory' }]);
  });
});
