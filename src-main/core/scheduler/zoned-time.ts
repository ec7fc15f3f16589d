// Wall-clock arithmetic in an IANA time zone (agent.timezone) with Intl only: no date library needed.

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The system zone, used when agent.timezone is empty. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `agent.timezone` as a usable zone: empty or invalid → the system zone. */
export function resolveTimeZone(tz: string | undefined): string {
  const wanted = (tz ?? '').trim();
  return wanted && isValidTimeZone(wanted) ? wanted : systemTimeZone();
}

/** True when Intl knows the IANA zone name (e.g. `Europe/Berlin`, `UTC`). */
export function isValidTimeZone(tz: string): boolean {
  if (!tz.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

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
