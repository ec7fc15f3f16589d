// The IPC router on its own: every channel goes through the sender check, then the dispatcher; core events
// reach live pages only.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { FakeWebContents, ipcMain, resetFakeElectron } from './helpers/fake-electron';
import { forwardCoreEvents, registerIpcRouter } from '../../src-main/shell/ipc-router';
import { Emitter } from '../../src-main/core/lib/emitter';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { WebContents } from 'electron';

describe('registerIpcRouter', () => {
  beforeEach(() => resetFakeElectron());

  it('checks the sender before dispatching and passes the raw payload on', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 'v' }));
    const trusted = vi.fn((event: { trusted: boolean }) => event.trusted);
    const dispose = registerIpcRouter(dispatch, trusted as never);
    const handler = ipcMain.handlers.get('memory:read')!;
    expect(await handler({ trusted: false }, { path: 'SOUL.md' })).toEqual({ ok: false, error: { code: 'forbidden', message: 'Untrusted sender on memory:read' } });
    expect(dispatch).not.toHaveBeenCalled();
    expect(await handler({ trusted: true }, { path: 'SOUL.md' })).toEqual({ ok: true, value: 'v' });
    expect(dispatch).toHaveBeenCalledWith('memory:read', { path: 'SOUL.md' });
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('forwardCoreEvents', () => {
  it('sends to live pages and skips destroyed or missing ones', () => {
    const events = new Emitter<CoreEvent>();
    const live = new FakeWebContents();
    const dead = new FakeWebContents();
    dead.destroyed = true;
    const off = forwardCoreEvents(events, () => [live as unknown as WebContents, dead as unknown as WebContents, undefined]);
    events.emit({ type: 'cron.changed' });
    off();
    events.emit({ type: 'mcp.changed' });
    expect(live.sent).toEqual([['core:event', { type: 'cron.changed' }]]);
    expect(dead.sent).toEqual([]);
  });
});
