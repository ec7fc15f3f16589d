// What the tray icon shows, derived from core events: working while turns run, attention while an approval
// waits or a notification is unseen, idle otherwise. Pure, so it is tested without Electron.
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { countKey, wordRef, type DesktopTextKey } from '../../src-preload/contract/desktop-texts';
import type { Language } from '../../src-preload/contract/languages';

export type TrayIconState = 'idle' | 'working' | 'attention';

export interface TrayStatus {
  /** Sessions with a running turn. */
  running: ReadonlySet<string>;
  /** Approval ids waiting for the user. */
  approvals: ReadonlySet<string>;
  /** Notifications shown since the user last opened the app. */
  unseen: number;
}

export const INITIAL_TRAY_STATUS: TrayStatus = { running: new Set(), approvals: new Set(), unseen: 0 };

/** The next status after one core event (unrelated events return the same object). */
export function reduceTrayStatus(status: TrayStatus, event: CoreEvent): TrayStatus {
  switch (event.type) {
    case 'turn.started':
      return { ...status, running: new Set(status.running).add(event.sessionKey) };
    case 'turn.finished': {
      const running = new Set(status.running);
      running.delete(event.sessionKey);
      return { ...status, running };
    }
    case 'approval.requested':
      return { ...status, approvals: new Set(status.approvals).add(event.id) };
    case 'approval.resolved': {
      const approvals = new Set(status.approvals);
      approvals.delete(event.id);
      return { ...status, approvals };
    }
    case 'notify':
      return { ...status, unseen: status.unseen + 1 };
    default:
      return status;
  }
}

/** The user looked at the app: notifications are seen. */
export function markSeen(status: TrayStatus): TrayStatus {
  return status.unseen === 0 ? status : { ...status, unseen: 0 };
}

export function iconState(status: TrayStatus): TrayIconState {
  if (status.approvals.size > 0 || status.unseen > 0) return 'attention';
  if (status.running.size > 0) return 'working';
  return 'idle';
}

/** The tooltip: name plus what is going on, in the user's language. */
export function trayTooltip(status: TrayStatus, heartbeatLine?: string, language: Language = 'en'): string {
  const say = (key: DesktopTextKey, values?: Record<string, string | number>): string => wordRef(language, { key, ...(values ? { values } : {}) });
  const parts: string[] = [];
  if (status.approvals.size > 0) parts.push(say(countKey('tooltip.approvals', status.approvals.size), { n: status.approvals.size }));
  if (status.unseen > 0) parts.push(say(countKey('tooltip.notifications', status.unseen), { n: status.unseen }));
  if (status.running.size > 0) parts.push(say(countKey('tooltip.working', status.running.size), { n: status.running.size }));
  if (parts.length === 0) parts.push(say('tooltip.idle'));
  const lines = [say('tooltip.status', { parts: parts.join(say('tooltip.join')) })];
  if (heartbeatLine) lines.push(heartbeatLine);
  return lines.join('\n');
}
