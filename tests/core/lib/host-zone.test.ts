// The process's own zone read from the OS (TZ, /etc/localtime) instead of Intl: the same zone Intl reports, the same
// wall clock Intl computes in it, and Intl's answer wherever the OS does not name a zone plainly.
import { afterEach, describe, expect, it } from 'vitest';
import { hostZone } from '../../../src-main/core/lib/host-zone';
import { formatZoned, isValidTimeZone, resolveTimeZone, systemTimeZone, zonedParts } from '../../../src-main/core/lib/zoned-time';

const saved = process.env.TZ;
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

/** The zone Intl names for `zone` (its canonical id: Asia/Kolkata is Asia/Calcutta to ICU). */
const canonical = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

/** The wall clock of `ms` in `zone` as Intl computes it. */
function intlParts(ms: number, zone: string) {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour! % 24, minute: out.minute, second: out.second };
}

// Around both 2026 DST changes in Europe and the US, midnight, and a half-hour zone.
const INSTANTS = [Date.UTC(2026, 2, 29, 0, 59, 59), Date.UTC(2026, 2, 29, 1, 0, 0), Date.UTC(2026, 2, 8, 7, 30), Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 10, 1, 6, 0), Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2026, 5, 15, 12, 0)];

describe('the host zone', () => {
  for (const tz of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'Etc/UTC', 'UTC']) {
    it(`names the zone Intl uses and computes its wall clock the same (TZ=${tz})`, () => {
      process.env.TZ = tz;
      const zone = systemTimeZone();
      expect(hostZone()).toBe(zone);
      expect(canonical(zone)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(isValidTimeZone(zone)).toBe(true);
      expect(resolveTimeZone('')).toBe(zone);
      for (const ms of INSTANTS) expect(zonedParts(ms, zone)).toEqual(intlParts(ms, zone));
    });
  }

  it('says UTC for the names ICU reports as UTC', () => {
    process.env.TZ = 'Etc/UTC';
    expect(systemTimeZone()).toBe('UTC');
    expect(formatZoned(Date.UTC(2026, 0, 2, 3, 4), systemTimeZone())).toBe('2026-01-02 03:04');
  });

  it('leaves a TZ that is no zone name (a POSIX rule, a path, an unknown name) to Intl', () => {
    for (const tz of ['Mars/Olympus_Mons', ':/etc/localtime', 'CET-1CEST,M3.5.0,M10.5.0/3', '../../etc/passwd']) {
      process.env.TZ = tz;
      expect(hostZone()).toBeUndefined();
      expect(systemTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    }
  });
});
