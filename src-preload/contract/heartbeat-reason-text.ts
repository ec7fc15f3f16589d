// A heartbeat run's reason code worded in a language: the one wording the tray, the window and the CLI show.
// No zod here (the window imports this file): the reason's type comes from scheduler-schemas as a type only.
import type { HeartbeatReason } from './scheduler-schemas';
import type { Language } from './languages';
import { desktopText } from './desktop-texts';

/** The reason in `language`; empty for `none`, the stored text as is for `unknown` (rows from before the codes). */
export function heartbeatReasonText(language: Language, reason: HeartbeatReason): string {
  switch (reason.code) {
    case 'none':
      return '';
    case 'unknown':
      return reason.text;
    case 'outside_active_hours':
      return desktopText(language, 'heartbeat.reason.outside_active_hours', { start: reason.start, end: reason.end, timeZone: reason.timeZone });
    case 'budget_spent':
      return desktopText(language, 'heartbeat.reason.budget_spent', { spent: reason.spent, budget: reason.budget });
    case 'stopped':
      return desktopText(language, 'heartbeat.reason.stopped', { stopReason: reason.stopReason });
    case 'overlap':
    case 'no_heartbeat_file':
    case 'no_active_tasks':
    case 'no_provider':
    case 'user_busy':
    case 'nothing_to_report':
    case 'empty_reply':
    case 'cancelled':
    case 'turn_failed':
      return desktopText(language, `heartbeat.reason.${reason.code}`);
    default: {
      const unhandled: never = reason;
      return String((unhandled as { code: unknown }).code);
    }
  }
}
