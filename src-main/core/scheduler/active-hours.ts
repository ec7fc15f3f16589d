// The heartbeat's active hours: whether a moment falls inside the daily window, in the agent's time zone.
import { minutesOfDay } from '../lib/zoned-time';

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** True when `ms` falls inside [start, end) in `tz`; a window whose end is before its start spans midnight. */
export function withinActiveHours(ms: number, hours: { start: string; end: string }, tz: string): boolean {
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  if (start === end) return true;
  const now = minutesOfDay(ms, tz);
  return start < end ? now >= start && now < end : now >= start || now < end;
}
