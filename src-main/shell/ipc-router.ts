// Binds every contract channel to the shared dispatcher (validation + handlers) after checking the sender,
// and forwards core events to the windows. The Electron twin of the browser host's WebSocket.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { INVOKE_CHANNELS, PUSH_CHANNELS, type EventChannel } from '../../src-preload/contract/channels';
import type { EventPayload, IpcResult } from '../../src-preload/contract/schemas';
import type { Dispatcher } from '../core/api/dispatch';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { Emitter } from '../core/lib/emitter';

/** Registers one ipcMain handler per invoke channel; returns the disposer that removes them all. */
export function registerIpcRouter(dispatch: Dispatcher, isTrusted: (event: IpcMainInvokeEvent) => boolean): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, raw: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrusted(event)) {
        return { ok: false, error: { code: 'forbidden', message: `Untrusted sender on ${channel}` } };
      }
      return dispatch(channel, raw);
    });
  }
  return () => INVOKE_CHANNELS.forEach((channel) => ipcMain.removeHandler(channel));
}

/** Sends a push to one page (skips destroyed pages). */
export function sendEvent<C extends EventChannel>(contents: WebContents | undefined, channel: C, payload: EventPayload<C>): void {
  if (contents && !contents.isDestroyed()) contents.send(channel, payload);
}

/** Forwards every core event to the given pages; returns the unsubscribe. */
export function forwardCoreEvents(events: Emitter<CoreEvent>, targets: () => (WebContents | undefined)[]): () => void {
  return events.on((event) => {
    for (const contents of targets()) sendEvent(contents, PUSH_CHANNELS.onCoreEvent.channel, event);
  });
}
