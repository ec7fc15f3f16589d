// An approval nobody can see (no Nanotray window showing it on screen) raises a desktop notification; clicking it
// opens the request where it waits — quick ask for its own session, else the main window at that chat. Once the
// request is answered (anywhere) or expires, its notification closes.
import { Notification } from 'electron';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { Emitter } from '../core/lib/emitter';
import { desktopText } from '../../src-preload/contract/desktop-texts';
import type { Language } from '../../src-preload/contract/languages';

const TOOL_NAME_MAX = 80;

export interface ApprovalNotificationOptions {
  /** True while a window that shows this session's approvals is in front of the user. */
  isShownFor(sessionKey: string): boolean;
  /** Brings the waiting request on screen. */
  open(sessionKey: string): void;
  iconPath?: string;
  /** The language to word it in (the user's choice in Settings, else the OS's); English by default. */
  language?(): Language;
}

/** The notification's words: the tool only (its arguments may be anything the model wrote; the card shows them). */
export function approvalNotice(tool: string, language: Language = 'en'): { title: string; body: string } {
  const name = tool.length > TOOL_NAME_MAX ? `${tool.slice(0, TOOL_NAME_MAX - 1)}…` : tool;
  return { title: desktopText(language, 'approval.title'), body: desktopText(language, 'approval.body', { tool: name }) };
}

/** Notifies about approval requests no window shows; returns the disposer. */
export function startApprovalNotifications(events: Emitter<CoreEvent>, options: ApprovalNotificationOptions): () => void {
  // Kept by request id: a garbage-collected Notification loses its click handler, and an answered one is closed.
  const live = new Map<string, Notification>();
  const forget = (id: string): void => {
    live.get(id)?.close();
    live.delete(id);
  };
  const off = events.on((event) => {
    if (event.type === 'approval.resolved') return forget(event.id);
    if (event.type !== 'approval.requested' || !Notification.isSupported()) return;
    if (options.isShownFor(event.sessionKey)) return;
    const n = new Notification({ ...approvalNotice(event.tool, options.language?.()), ...(options.iconPath ? { icon: options.iconPath } : {}) });
    live.set(event.id, n);
    n.on('click', () => {
      live.delete(event.id);
      options.open(event.sessionKey);
    });
    n.on('failed', () => live.delete(event.id));
    n.show();
  });
  return () => {
    off();
    for (const id of [...live.keys()]) forget(id);
  };
}
