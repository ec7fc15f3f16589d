// Desktop notifications for the core's `notify` events; clicking one opens that session in the main window.
import { Notification } from 'electron';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { Emitter } from '../core/lib/emitter';
import { notifyWords } from '../../src-preload/contract/notify-words';
import type { Language } from '../../src-preload/contract/languages';

const BODY_MAX = 300;

export interface NotificationOptions {
  /** Called with the event's session when the user clicks the notification. */
  onClick(sessionKey: string): void;
  iconPath?: string;
  /**
   * True while the main window is in front of the user. The window shows every `notify` as an in-app
   * toast, so a desktop notification then would only repeat it.
   */
  isAppInFront?(): boolean;
  /** The language to word Nanotray's own reports in (the user's choice in Settings, else the OS's); English by default. */
  language?(): Language;
}

/** Shows a notification per `notify` event; returns the disposer. */
export function startNotifications(events: Emitter<CoreEvent>, options: NotificationOptions): () => void {
  // Keep references: a garbage-collected Notification loses its click handler.
  const live = new Set<Notification>();
  const off = events.on((event) => {
    if (event.type !== 'notify' || !Notification.isSupported()) return;
    if (options.isAppInFront?.()) return;
    const words = notifyWords(event, options.language?.() ?? 'en');
    const body = words.body.length > BODY_MAX ? `${words.body.slice(0, BODY_MAX - 1)}…` : words.body;
    const n = new Notification({ title: words.title, body, ...(options.iconPath ? { icon: options.iconPath } : {}) });
    live.add(n);
    const forget = (): void => void live.delete(n);
    n.on('click', () => {
      forget();
      options.onClick(event.sessionKey);
    });
    n.on('close', forget);
    n.on('failed', forget);
    n.show();
  });
  return () => {
    off();
    for (const n of live) n.close();
    live.clear();
  };
}
