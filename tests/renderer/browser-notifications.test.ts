// The browser host's desktop notifications: shown only when allowed and the tab is not in front, a click opening
// the report's chat; the offer is made until the user answered it once.
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../src-renderer/src/i18n/i18n';
import { askPermission, declineOffer, notifyInBackground, shouldOffer, type BrowserNotifyEnv } from '../../src-renderer/src/lib/browser-notifications';

function fakeEnv(permission: NotificationPermission, front: boolean) {
  const shown: { title: string; options: NotificationOptions; notification: { onclick: (() => void) | null; closed: boolean } }[] = [];
  const store = new Map<string, string>();
  let focused = 0;
  class FakeNotification {
    static permission = permission;
    static async requestPermission() {
      FakeNotification.permission = 'granted';
      return 'granted' as NotificationPermission;
    }
    onclick: (() => void) | null = null;
    closed = false;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, notification: this });
    }
    close() {
      this.closed = true;
    }
  }
  const env: BrowserNotifyEnv = {
    Notification: FakeNotification as unknown as typeof Notification,
    document: { visibilityState: front ? 'visible' : 'hidden', hasFocus: () => front },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    focus: () => void focused++,
  };
  return { env, shown, focused: () => focused };
}

const report = { type: 'notify' as const, title: 'Heartbeat', body: 'Water the basil', sessionKey: 'heartbeat:default', kind: 'heartbeat' as const };

describe('browser notifications', () => {
  it('shows a report while the tab is in the background; a click focuses the tab and opens the chat', () => {
    const { env, shown, focused } = fakeEnv('granted', false);
    const opened: string[] = [];
    expect(notifyInBackground(env, report, (k) => opened.push(k))).toBe(true);
    expect(shown.map((s) => [s.title, s.options.body, s.options.tag])).toEqual([['Heartbeat', 'Water the basil', 'heartbeat:default']]);
    shown[0]!.notification.onclick!();
    expect([focused(), opened, shown[0]!.notification.closed]).toEqual([1, ['heartbeat:default'], true]);
  });

  it('words Nanotray\'s own report in the window\'s language; what the agent wrote stays as it was', async () => {
    const { env, shown } = fakeEnv('granted', false);
    await applyLanguage('zh');
    try {
      notifyInBackground(env, { ...report, title: 'Nanotray heartbeat', text: { title: { key: 'notify.heartbeat' } } }, () => undefined);
    } finally {
      await applyLanguage('en');
    }
    expect(shown.map((s) => [s.title, s.options.body])).toEqual([['Nanotray 心跳', 'Water the basil']]);
  });

  it('shows nothing while the tab is in front (the toast does) or without permission', () => {
    expect(notifyInBackground(fakeEnv('granted', true).env, report, () => undefined)).toBe(false);
    expect(notifyInBackground(fakeEnv('default', false).env, report, () => undefined)).toBe(false);
    expect(notifyInBackground(fakeEnv('denied', false).env, report, () => undefined)).toBe(false);
    expect(notifyInBackground({ ...fakeEnv('granted', false).env, Notification: undefined }, report, () => undefined)).toBe(false);
  });

  it('offers once: after asking, or after "not now", never again', async () => {
    const asked = fakeEnv('default', false);
    expect(shouldOffer(asked.env)).toBe(true);
    expect(await askPermission(asked.env)).toBe('granted');
    expect(shouldOffer(asked.env)).toBe(false);
    const declined = fakeEnv('default', false);
    declineOffer(declined.env);
    expect(shouldOffer(declined.env)).toBe(false);
    expect(shouldOffer(fakeEnv('denied', false).env)).toBe(false);
  });
});
