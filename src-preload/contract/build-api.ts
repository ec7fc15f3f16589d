// Builds the `window.nanotray` object from the channel table's names and two transport functions (Electron IPC
// or the web bridge's WebSocket). Every member is a named function bound to one channel; no generic invoke.
import { CHANNEL_NAMES } from './channel-names';
import type { EventChannel, InvokeChannel } from './channels';
import type { NanotrayApi } from './api';
import type { IpcResult } from './schemas';

export type InvokeTransport = (channel: InvokeChannel, payload: unknown) => Promise<IpcResult<unknown>>;
export type SubscribeTransport = (channel: EventChannel, listener: (payload: unknown) => void) => () => void;

/** The API object over the given transports. */
export function buildNanotrayApi(invoke: InvokeTransport, subscribe: SubscribeTransport): NanotrayApi {
  const api: Record<string, unknown> = {};
  for (const [domain, methods] of Object.entries(CHANNEL_NAMES.api)) {
    const group: Record<string, (input?: unknown) => Promise<IpcResult<unknown>>> = {};
    for (const [method, channel] of Object.entries<InvokeChannel>(methods)) group[method] = (input?: unknown) => invoke(channel, input);
    api[domain] = Object.freeze(group);
  }
  for (const [name, channel] of Object.entries<EventChannel>(CHANNEL_NAMES.push)) {
    api[name] = (listener: (payload: unknown) => void) => subscribe(channel, listener);
  }
  // One cast: NanotrayApi is derived from the same table as CHANNEL_NAMES, member for member, and each call
  // passes its input to (and resolves with the result of) the channel its entry names.
  return Object.freeze(api) as unknown as NanotrayApi;
}
