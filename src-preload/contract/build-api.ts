// Builds the `window.nanotray` object from two transport functions (Electron IPC or the web bridge's
// WebSocket). Every member is a named function bound to one channel; no generic invoke is exposed.
import { API_MAP, API_EVENTS } from './api-map';
import type { EventChannel, InvokeChannel } from './channels';
import type { NanotrayApi } from './api';
import type { IpcResult } from './schemas';

export type InvokeTransport = (channel: InvokeChannel, payload: unknown) => Promise<IpcResult<unknown>>;
export type SubscribeTransport = (channel: EventChannel, listener: (payload: unknown) => void) => () => void;

// Compile-time check: the table has exactly the domains and methods of NanotrayApi.
type ApiDomains = Exclude<keyof NanotrayApi, keyof typeof API_EVENTS>;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type DomainsMatch = SameKeys<{ [D in ApiDomains]: unknown }, typeof API_MAP>;
type MethodsMatch = { [D in ApiDomains]: SameKeys<NanotrayApi[D], (typeof API_MAP)[D]> }[ApiDomains];
const domainsMatch: DomainsMatch = true;
// A union containing `false` (some domain differs) makes this `never`, so the assignment fails to compile.
const methodsMatch: false extends MethodsMatch ? never : true = true;
void domainsMatch;
void methodsMatch;

/** The API object over the given transports. */
export function buildNanotrayApi(invoke: InvokeTransport, subscribe: SubscribeTransport): NanotrayApi {
  const api: Record<string, unknown> = {};
  for (const [domain, methods] of Object.entries(API_MAP)) {
    const group: Record<string, (input?: unknown) => Promise<IpcResult<unknown>>> = {};
    for (const [method, channel] of Object.entries(methods)) {
      group[method] = (input?: unknown) => invoke(channel, input);
    }
    api[domain] = Object.freeze(group);
  }
  for (const [name, channel] of Object.entries(API_EVENTS)) {
    api[name] = (listener: (payload: unknown) => void) => subscribe(channel, listener);
  }
  // One cast, checked at compile time above: API_MAP/API_EVENTS have exactly NanotrayApi's members, and
  // each channel's payload type is the one NanotrayApi declares for it (both come from the same contract).
  return Object.freeze(api) as unknown as NanotrayApi;
}
