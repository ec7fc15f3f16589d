// The shape of `window.nanotray`, derived from the channel table (Electron's preload and the browser host's web
// bridge build the same object). Type-only: nothing here reaches a bundle.
import type { z } from 'zod';
import type { InvokeSpec, PushSpec } from './channel-spec';
import type { API_CHANNELS, PUSH_CHANNELS } from './channels';
import type { IpcResult } from './schemas';

/** A call takes its channel's input (optional when the input schema accepts undefined) and resolves to a result. */
export type Call<S> = S extends InvokeSpec
  ? undefined extends z.input<S['input']>
    ? (input?: z.input<S['input']>) => Promise<IpcResult<z.output<S['output']>>>
    : (input: z.input<S['input']>) => Promise<IpcResult<z.output<S['output']>>>
  : never;
export type Unsubscribe = () => void;
/** A subscription hands each push's payload to the listener until unsubscribed. */
export type Subscribe<S> = S extends PushSpec ? (listener: (event: z.output<S['payload']>) => void) => Unsubscribe : never;

type Api = typeof API_CHANNELS;
type Push = typeof PUSH_CHANNELS;

/** `window.nanotray`: one named call per channel, grouped by domain, and the push subscriptions. */
export type NanotrayApi = { readonly [D in keyof Api]: { readonly [M in keyof Api[D]]: Call<Api[D][M]> } } & {
  readonly [E in keyof Push]: Subscribe<Push[E]>;
};

declare global {
  interface Window {
    nanotray: NanotrayApi;
  }
}
