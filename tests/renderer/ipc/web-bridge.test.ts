// The browser-host web bridge with a fake WebSocket: requests matched to answers by id, calls queued until
// the socket opens, pushes routed by channel, pending calls failed on disconnect, token taken from the URL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge, httpAccessCheck, takeToken } from '../../../src-renderer/src/ipc/web-bridge';

class FakeSocket {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (m: { data: string }) => void;
  onclose?: () => void;
  constructor(public readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(frame: string): void {
    this.sent.push(frame);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  answer(data: unknown): void {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

describe('createWebBridge', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('queues calls until open, then matches answers by id', async () => {
    const bridge = createWebBridge('ws://127.0.0.1:1/ws?token=t');
    expect(bridge.state()).toBe('connecting');
    const first = bridge.api.chat.send({ sessionKey: 'desktop:a', text: 'hi' });
    const second = bridge.api.settings.get();
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toBe('ws://127.0.0.1:1/ws?token=t');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(bridge.state()).toBe('open');
    expect(socket.sent.map((f) => JSON.parse(f))).toEqual([
      { id: 1, channel: 'chat:send', payload: { sessionKey: 'desktop:a', text: 'hi' } },
      { id: 2, channel: 'settings:get' },
    ]);
    socket.answer({ id: 2, result: { ok: false, error: { code: 'internal', message: 'Internal error' } } });
    socket.answer({ id: 1, result: { ok: true, value: { turnId: 'T' } } });
    expect(await first).toEqual({ ok: true, value: { turnId: 'T' } });
    expect(await second).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error' } });
    bridge.close();
  });

  it('routes pushes to the subscribed channel only', () => {
    const bridge = createWebBridge('ws://x/ws?token=t');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    const core: unknown[] = [];
    const nav: unknown[] = [];
    const off = bridge.api.onCoreEvent((e) => core.push(e));
    bridge.api.onNavigate((e) => nav.push(e));
    socket.answer({ event: 'core:event', payload: { type: 'cron.changed' } });
    socket.answer({ event: 'app:navigate', payload: { view: 'settings' } });
    off();
    socket.answer({ event: 'core:event', payload: { type: 'mcp.changed' } });
    socket.onmessage?.({ data: 'not json' });
    expect(core).toEqual([{ type: 'cron.changed' }]);
    expect(nav).toEqual([{ view: 'settings' }]);
    bridge.close();
  });

  it('fails pending calls as unavailable when the connection drops, then reconnects', async () => {
    const bridge = createWebBridge('ws://x/ws?token=t');
    const states: string[] = [];
    bridge.onConnectionChange((s) => states.push(s));
    FakeSocket.instances[0]!.open();
    const pending = bridge.api.heartbeat.status();
    FakeSocket.instances[0]!.close();
    expect(await pending).toEqual({ ok: false, error: { code: 'unavailable', message: 'The connection to Nanotray was lost.' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    expect(states).toEqual(['open', 'closed', 'connecting', 'open']);
    bridge.close();
  });

  it('keeps trying while the host is down (a restart), backing off to 10 s, and stops only when the token is refused', async () => {
    let access: 'ok' | 'refused' | 'unreachable' = 'unreachable';
    const bridge = createWebBridge('ws://x/ws?token=t', async () => access);
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.close();
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      FakeSocket.instances.at(-1)!.close();
    }
    expect(bridge.state()).toBe('closed');
    const count = FakeSocket.instances.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.instances.length).toBe(count + 1); // still trying, at most every 10 s
    access = 'refused';
    FakeSocket.instances.at(-1)!.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(bridge.state()).toBe('unauthorized');
    const final = FakeSocket.instances.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(final);
    bridge.retryNow(); // refused for good: nothing to retry
    expect(FakeSocket.instances).toHaveLength(final);
  });

  it('"Try now" connects at once instead of waiting for the next attempt', async () => {
    const bridge = createWebBridge('ws://x/ws?token=t', async () => 'unreachable');
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.close();
    await vi.advanceTimersByTimeAsync(0);
    const before = FakeSocket.instances.length;
    bridge.retryNow();
    expect(FakeSocket.instances.length).toBe(before + 1);
    FakeSocket.instances.at(-1)!.open();
    expect(bridge.state()).toBe('open');
    bridge.close();
  });
});

describe('httpAccessCheck', () => {
  it('tells a refused token (401) from a host that does not answer', async () => {
    const seen: string[] = [];
    const answering = (status: number) => (async (url: string) => (seen.push(url), { status })) as unknown as typeof fetch;
    expect(await httpAccessCheck('http://127.0.0.1:5', 'a b', answering(401))()).toBe('refused');
    expect(await httpAccessCheck('http://127.0.0.1:5', 'tok', answering(204))()).toBe('ok');
    expect(seen).toEqual(['http://127.0.0.1:5/auth-check?token=a%20b', 'http://127.0.0.1:5/auth-check?token=tok']);
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await httpAccessCheck('http://127.0.0.1:5', 'tok', down)()).toBe('unreachable');
  });
});

describe('takeToken', () => {
  it('reads ?token=, stores it for this tab and removes it from the address bar', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as Storage;
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url) } as unknown as History;
    const location = { href: 'http://127.0.0.1:5/?token=abc&view=chat#x' } as Location;
    expect(takeToken(location, history, storage)).toBe('abc');
    expect(replaced).toEqual(['/?view=chat#x']);
    expect(takeToken({ href: 'http://127.0.0.1:5/' } as Location, history, storage)).toBe('abc');
    expect(takeToken({ href: 'http://127.0.0.1:5/' } as Location, history, { getItem: () => null } as unknown as Storage)).toBeUndefined();
  });
});
