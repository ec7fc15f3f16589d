// The browser host's desktop notifications: heartbeat, cron and message reports also reach the desktop through the
// Notification API while the tab is in the background (in front, the in-app toast shows them). Permission is asked
// once, from a click on the offer the first report brings, and the answer is remembered.
import type { CoreEvent } from '@contract/schemas';
import { notifyWords } from '@contract/notify-words';
import { currentLanguage } from '../i18n/i18n';

type NotifyEvent = Extract<CoreEvent, { type: 'notify' }>;

const ASKED_KEY = 'nanotray.notificationsAsked';
const BODY_MAX = 300;

/** What the browser offers (the real window in the app; fakes in tests). */
export interface BrowserNotifyEnv {
  Notification: typeof Notification | undefined;
  document: Pick<Document, 'visibilityState' | 'hasFocus'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  focus(): void;
}

export function browserNotifyEnv(win: Window = window): BrowserNotifyEnv {
  const N = (win as Window & { Notification?: typeof Notification }).Notification;
  return { Notification: N, document: win.document, storage: win.localStorage, focus: () => win.focus() };
}

/** Whether to offer notifications: supported, not decided by the user yet, and not asked before. */
export function shouldOffer(env: BrowserNotifyEnv): boolean {
  return Boolean(env.Notification) && env.Notification!.permission === 'default' && env.storage.getItem(ASKED_KEY) === null;
}

/** Asks the browser (from a click), and remembers that it was asked whatever the answer. */
export async function askPermission(env: BrowserNotifyEnv): Promise<NotificationPermission | 'unsupported'> {
  env.storage.setItem(ASKED_KEY, '1');
  if (!env.Notification) return 'unsupported';
  return env.Notification.requestPermission();
}

/** The user said "not now": the offer is not made again. */
export function declineOffer(env: BrowserNotifyEnv): void {
  env.storage.setItem(ASKED_KEY, '1');
}

/**
 * Shows `event` as a desktop notification when allowed and the tab is not in front; a click brings the tab forward and
 * opens the report's chat. True when one was shown.
 */
export function notifyInBackground(env: BrowserNotifyEnv, event: NotifyEvent, open: (sessionKey: string) => void): boolean {
  const N = env.Notification;
  if (!N || N.permission !== 'granted') return false;
  if (env.document.visibilityState === 'visible' && env.document.hasFocus()) return false;
  const words = notifyWords(event, currentLanguage());
  const body = words.body.length > BODY_MAX ? `${words.body.slice(0, BODY_MAX - 1)}…` : words.body;
  const n = new N(words.title, { body, ...(event.sessionKey ? { tag: event.sessionKey } : {}) });
  n.onclick = () => {
    env.focus();
    if (event.sessionKey) open(event.sessionKey);
    n.close();
  };
  return true;
}
