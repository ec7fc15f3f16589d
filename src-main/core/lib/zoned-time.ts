// Time zones and wall-clock time for the whole core: resolving agent.timezone, arithmetic in an IANA zone and
// every date format the app prints or puts in a prompt. Intl only (no date library), except in the zone the process
// runs in, named as the OS names it (host-zone.ts) and read with Date's local getters: Intl's first use costs ~20 ms.
import { hostZone } from './host-zone';

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let intlZone: { tz: string | undefined; zone: string } | undefined;

/** The system zone, used when agent.timezone is empty (the OS's name for it; Intl's where the OS does not say). */
export function systemTimeZone(): string {
  const host = hostZone();
  if (host) return host;
  const tz = process.env.TZ;
  if (intlZone === undefined || intlZone.tz !== tz) intlZone = { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
  return intlZone.zone;
}

/** Whether each configured `agent.timezone` text is a zone Intl knows (checked once: this runs on every turn). */
const validZones = new Map<string, boolean>();

/** `agent.timezone` as a usable zone: empty or invalid → the system zone (else UTC). */
export function resolveTimeZone(tz: string | undefined): string {
  const wanted = (tz ?? '').trim();
  if (!wanted) return systemTimeZone();
  let valid = validZones.get(wanted);
  if (valid === undefined) {
    valid = isValidTimeZone(wanted);
    validZones.set(wanted, valid);
  }
  return valid ? wanted : systemTimeZone();
}

/** True when Intl knows the IANA zone name (e.g. `Europe/Berlin`, `UTC`). */
export function isValidTimeZone(tz: string): boolean {
  if (!tz.trim()) return false;
  if (tz === hostZone()) return true;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter of `tz` (building one costs ~0.4 ms); throws a RangeError for an unknown zone. */
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock fields of instant `ms` in zone `tz`. */
export function zonedParts(ms: number, tz: string): ZonedParts {
  if (tz === hostZone()) {
    // The process's own zone: Date's local getters compute the same wall clock without Intl.
    const d = new Date(ms);
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
  }
  const out: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  };
}

function offsetAt(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant at which the wall clock in `tz` shows `parts` (DST gaps resolve forward). */
export function zonedToEpoch(parts: ZonedParts, tz: string): number {
  const guess = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  let result = guess - offsetAt(guess, tz);
  result = guess - offsetAt(result, tz);
  return result;
}

/** The instant of local midnight (in `tz`) of the day containing `ms`. */
export function startOfZonedDay(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  return zonedToEpoch({ ...p, hour: 0, minute: 0, second: 0 }, tz);
}

/** Minutes since local midnight in `tz`. */
export function minutesOfDay(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  return p.hour * 60 + p.minute;
}

/** `YYYY-MM-DD HH:MM` (or `…:SS` with `seconds`) in `tz`, for status lines and prompts. */
export function formatZoned(ms: number, tz: string, seconds = false): string {
  const p = zonedParts(ms, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(p.hour)}:${two(p.minute)}${seconds ? `:${two(p.second)}` : ''}`;
  return `${p.year}-${two(p.month)}-${two(p.day)} ${time}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday name of the wall-clock date of `ms` in `tz`. */
export function zonedWeekday(ms: number, tz: string): string {
  const p = zonedParts(ms, tz);
  return WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]!;
}

/** `2026-11-29 19:40 (Sunday)` in `tz`, minute precision (the prompt's notion of now). Unknown zones read as UTC. */
export function formatLocalTime(ms: number, tz: string): string {
  const zone = isValidTimeZone(tz) ? tz : 'UTC';
  return `${formatZoned(ms, zone)} (${zonedWeekday(ms, zone)})`;
}

/** 1764444310000 → `2025-11-29 19:25:10Z`: UTC to the second, stable across machines (command output). */
export function formatUtcTimestamp(ms: number): string {
  return `${formatZoned(ms, 'UTC', true)}Z`;
}

