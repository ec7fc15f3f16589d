// Browser-host shim: builds the same `window.nanotray` API over the browser host's WebSocket, for pages
// served by `nanotray web` (no Electron preload there). Requests carry ids; pushes name their channel.
import { t } from '../i18n/i18n';
import { buildNanotrayApi } from '@contract/build-api';
import type { NanotrayApi } from '@contract/api';
import type { EventChannel, InvokeChannel } from '@contract/channels';
import type { IpcResult } from '@contract/schemas';
import { encodeWsFrame, parseWsServerFrame } from '@contract/ws-protocol';

const TOKEN_STORAGE_KEY = 'nanotray.webToken';
const WS_PATH = '/ws';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;
/** A call that gets no answer in this time resolves as `unavailable`. */
const CALL_TIMEOUT_MS = 120_000;

type Pending = { resolve: (r: IpcResult<unknown>) => void; timer: ReturnType<typeof setTimeout> };

/** Connection state for a status banner (`onConnectionChange`). */
export type BridgeState = 'connecting' | 'open' | 'closed' | 'unauthorized';

/** Reads the access token from `?token=` (then hides it from the address bar) or from this tab's storage. */
export function takeToken(location: Location, history: History, storage: Storage): string | undefined {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
}

export interface WebBridge {
  api: NanotrayApi;
  state(): BridgeState;
  onConnectionChange(listener: (state: BridgeState) => void): () => void;
  /** Tries to reconnect now instead of at the next scheduled attempt. */
  retryNow(): void;
  close(): void;
}

/**
 * Why a socket did not open: `refused` (the host answers but not this token: stop), `unreachable` (no host
 * answers: it is restarting, try again) or `ok` (the host would take it: try again).
 */
export type AccessCheck = () => Promise<'ok' | 'refused' | 'unreachable'>;

/** Asks the host about the token over plain HTTP (a refused WebSocket upgrade does not say why). */
export function httpAccessCheck(origin: string, token: string, fetchFn: typeof fetch = fetch): AccessCheck {
  return async () => {
    try {
      const res = await fetchFn(`${origin}/auth-check?token=${encodeURIComponent(token)}`, { cache: 'no-store' });
      return res.status === 401 ? 'refused' : 'ok';
    } catch {
      return 'unreachable';
    }
  };
}

/**
 * Opens (and keeps re-opening) the WebSocket and returns the API built on it. After a host restart it keeps
 * trying (backing off to 10 s) until the host is back; it stops only when `checkAccess` says the token is refused.
 */
export function createWebBridge(wsUrl: string, checkAccess: AccessCheck = async () => 'ok'): WebBridge {
  let socket: WebSocket | undefined;
  let state: BridgeState = 'connecting';
  let nextId = 1;
  let retryMs = RECONNECT_MIN_MS;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(s: BridgeState) => void>();

  const setState = (next: BridgeState): void => {
    state = next;
    stateListeners.forEach((l) => l(next));
  };

  const failAll = (message: string): void => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, error: { code: 'unavailable', message } });
      pending.delete(id);
    }
  };

  const connect = (): void => {
    if (closed) return;
    setState('connecting');
    const ws = new WebSocket(wsUrl);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      retryMs = RECONNECT_MIN_MS;
      setState('open');
      while (queue.length) ws.send(queue.shift()!);
    };
    ws.onmessage = (message) => {
      const frame = parseWsServerFrame(String(message.data));
      if (!frame) return;
      if ('id' in frame) {
        const p = pending.get(frame.id);
        if (p) {
          clearTimeout(p.timer);
          pending.delete(frame.id);
          p.resolve(frame.result);
        }
      } else {
        listeners.get(frame.event)?.forEach((l) => {
          try {
            l(frame.payload);
          } catch (err) {
            console.error('[web-bridge] listener failed', err);
          }
        });
      }
    };
    ws.onclose = () => {
      socket = undefined;
      failAll(t('common.app.connectionLostError'));
      if (closed) return setState('closed');
      setState('closed');
      const again = (): void => {
        if (closed || state === 'unauthorized') return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
      };
      if (opened) return again();
      // It never opened: a host that is down (restarting) is waited for; a token it refuses is not retried.
      void checkAccess().then((access) => (access === 'refused' ? setState('unauthorized') : again()));
    };
  };

  const invoke = (channel: InvokeChannel, payload: unknown): Promise<IpcResult<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ ok: false, error: { code: 'unavailable', message: t('common.app.noAnswerInTime') } });
      }, CALL_TIMEOUT_MS);
      pending.set(id, { resolve, timer });
      const frame = encodeWsFrame({ id, channel, payload });
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(frame);
      else queue.push(frame);
    });

  const subscribe = (channel: EventChannel, listener: (payload: unknown) => void): (() => void) => {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => {
      set.delete(listener);
    };
  };

  const base = buildNanotrayApi(invoke, subscribe);
  // In a browser, "open external" means a new tab, opened by the page after the host accepted the URL.
  const api: NanotrayApi = {
    ...base,
    app: {
      ...base.app,
      openExternal: async (input) => {
        const result = await base.app.openExternal(input);
        if (result.ok && result.value.opened) window.open(input.url, '_blank', 'noopener,noreferrer');
        return result;
      },
    },
  };

  connect();
  return {
    api,
    state: () => state,
    retryNow() {
      if (closed || socket || state === 'unauthorized') return;
      clearTimeout(retryTimer);
      retryMs = RECONNECT_MIN_MS;
      connect();
    },
    onConnectionChange(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
      failAll(t('common.app.connectionClosedError'));
    },
  };
}

/**
 * Installs `window.nanotray` over the browser host's WebSocket when no Electron preload provided it.
 * Returns the bridge, or undefined when running under Electron (preload present) or without a token.
 */
export function installWebBridge(win: Window = window): WebBridge | undefined {
  if ((win as Partial<Window>).nanotray) return undefined;
  const token = takeToken(win.location, win.history, win.sessionStorage);
  if (!token) return undefined;
  const scheme = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const bridge = createWebBridge(`${scheme}//${win.location.host}${WS_PATH}?token=${encodeURIComponent(token)}`, httpAccessCheck(win.location.origin, token));
  Object.defineProperty(win, 'nanotray', { value: bridge.api, writable: false, configurable: false });
  return bridge;
}
