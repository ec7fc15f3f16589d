// The one time-zone module: resolving agent.timezone, wall-clock arithmetic and every date format the core prints.
import { describe, expect, it } from 'vitest';
import {
  formatLocalTime,
  formatUtcTimestamp,
  formatZoned,
  isValidTimeZone,
  minutesOfDay,
  resolveTimeZone,
  startOfZonedDay,
  systemTimeZone,
  zonedToEpoch,
  zonedWeekday,
} from '../../../src-main/core/lib/zoned-time';

describe('resolveTimeZone', () => {
  it('takes a valid configured zone (trimmed) and falls back to the system zone', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('  Asia/Tokyo ')).toBe('Asia/Tokyo');
    expect(resolveTimeZone('')).toBe(systemTimeZone());
    expect(resolveTimeZone(undefined)).toBe(systemTimeZone());
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe(systemTimeZone());
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(isValidTimeZone(' ')).toBe(false);
  });
});

describe('formats', () => {
  it('formats the time in the configured zone, with the weekday for prompts', () => {
    expect(formatLocalTime(Date.UTC(2026, 0, 1, 23, 30), 'Europe/Berlin')).toBe('2026-01-02 00:30 (Friday)');
    expect(formatLocalTime(Date.UTC(2026, 10, 29, 19, 5), 'UTC')).toBe('2026-11-29 19:05 (Sunday)');
    expect(formatLocalTime(Date.UTC(2026, 10, 29, 19, 5), 'No/Such_Zone')).toBe('2026-11-29 19:05 (Sunday)');
    expect(zonedWeekday(Date.UTC(2026, 0, 1, 23, 30), 'America/Los_Angeles')).toBe('Thursday');
  });

  it('prints status lines in a zone and command output in UTC to the second', () => {
    expect(formatZoned(Date.UTC(2026, 5, 1, 8, 5, 9), 'Europe/Berlin')).toBe('2026-06-01 10:05');
    expect(formatZoned(Date.UTC(2026, 5, 1, 8, 5, 9), 'Europe/Berlin', true)).toBe('2026-06-01 10:05:09');
    expect(formatUtcTimestamp(1764444310000)).toBe('2025-11-29 19:25:10Z');
  });
});

describe('wall-clock arithmetic', () => {
  it('finds local midnight and minutes of the day across a DST change', () => {
    const march29 = Date.UTC(2026, 2, 29, 12, 0); // Berlin switches to summer time at 01:00 UTC that day
    expect(new Date(startOfZonedDay(march29, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(minutesOfDay(march29, 'Europe/Berlin')).toBe(14 * 60);
    expect(new Date(zonedToEpoch({ year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0 }, 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });
});
