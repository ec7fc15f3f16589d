// Validation of cron schedules: the spec's exact errors for expressions, time zones and dates.
import { describe, expect, it } from 'vitest';
import {
  describeSchedule,
  isValidCronExpression,
  parseCronSchedule,
  parseIsoDateTime,
} from '../../../src-main/core/scheduler/cron-schedule';

describe('parseCronSchedule', () => {
  it('requires one of every_seconds, cron_expr, at', () => {
    expect(parseCronSchedule({}, 'UTC')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: either every_seconds, cron_expr, or at is required' } });
  });

  it('every_seconds must be a whole number ≥ 1', () => {
    expect(parseCronSchedule({ every_seconds: 1 }, 'UTC')).toEqual({ ok: true, value: { kind: 'every', everySeconds: 1 } });
    for (const bad of [0, -5, 1.5]) {
      expect(parseCronSchedule({ every_seconds: bad }, 'UTC')).toEqual({
        ok: false,
        error: { code: 'invalid', message: 'Error: every_seconds must be a whole number of seconds, at least 1' },
      });
    }
  });

  it('invalid cron expressions give the spec error', () => {
    for (const expr of ['61 * * * *', 'not a cron', '* * * *', '* * * * * *', '0 25 * * *', '* * 32 * *']) {
      expect(parseCronSchedule({ cron_expr: expr }, 'UTC')).toEqual({ ok: false, error: { code: 'invalid', message: `Error: invalid cron expression '${expr}'` } });
    }
  });

  it('a cron expression defaults to agent.timezone and accepts an explicit tz', () => {
    expect(parseCronSchedule({ cron_expr: '0 9 * * 1-5' }, 'Europe/Berlin')).toEqual({
      ok: true,
      value: { kind: 'cron', expr: '0 9 * * 1-5', tz: 'Europe/Berlin' },
    });
    expect(parseCronSchedule({ cron_expr: '*/15 * * * *', tz: 'America/New_York' }, 'UTC')).toMatchObject({
      ok: true,
      value: { tz: 'America/New_York' },
    });
  });

  it('tz is only for cron_expr and must be a known zone', () => {
    expect(parseCronSchedule({ every_seconds: 5, tz: 'UTC' }, 'UTC')).toEqual({ ok: false, error: { code: 'invalid', message: 'Error: tz can only be used with cron_expr' } });
    expect(parseCronSchedule({ at: '2026-01-01T00:00:00', tz: 'UTC' }, 'UTC').ok).toBe(false);
    expect(parseCronSchedule({ cron_expr: '0 9 * * *', tz: 'Mars/Olympus' }, 'UTC')).toEqual({
      ok: false,
      error: { code: 'invalid', message: "Error: unknown timezone 'Mars/Olympus'" },
    });
  });

  it('invalid dates give the spec error', () => {
    for (const at of ['tomorrow', '2026-13-01T10:00:00', '2026-02-30T10:00:00', '2026-01-01T24:00:00', '01/02/2026 10:00']) {
      expect(parseCronSchedule({ at }, 'UTC')).toEqual({
        ok: false,
        error: { code: 'invalid', message: `Error: invalid ISO datetime format '${at}'. Expected format: YYYY-MM-DDTHH:MM:SS` },
      });
    }
  });

  it('a naive at is wall-clock time in agent.timezone; an offset wins', () => {
    expect(parseCronSchedule({ at: '2026-07-01T09:30:00' }, 'Europe/Berlin')).toEqual({
      ok: true,
      value: { kind: 'at', atMs: Date.UTC(2026, 6, 1, 7, 30) },
    });
    expect(parseIsoDateTime('2026-07-01T09:30:00Z', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 9, 30));
    expect(parseIsoDateTime('2026-07-01T09:30:00+02:00', 'UTC')).toBe(Date.UTC(2026, 6, 1, 7, 30));
    expect(parseIsoDateTime('2026-01-15T09:30', 'America/New_York')).toBe(Date.UTC(2026, 0, 15, 14, 30));
    expect(parseIsoDateTime('2026-01-15', 'UTC')).toBe(Date.UTC(2026, 0, 15));
  });

  it('every_seconds wins over cron_expr, which wins over at', () => {
    expect(parseCronSchedule({ every_seconds: 10, cron_expr: '* * * * *' }, 'UTC')).toMatchObject({ value: { kind: 'every' } });
    expect(parseCronSchedule({ cron_expr: '* * * * *', at: '2026-01-01T00:00:00' }, 'UTC')).toMatchObject({ value: { kind: 'cron' } });
  });
});

describe('helpers', () => {
  it('isValidCronExpression accepts 5 fields only', () => {
    expect(isValidCronExpression('0 9 * * MON-FRI')).toBe(true);
    expect(isValidCronExpression('0 0 9 * * *')).toBe(false);
  });
  it('describeSchedule', () => {
    expect(describeSchedule({ kind: 'every', everySeconds: 90 })).toBe('every 90s');
    expect(describeSchedule({ kind: 'every', everySeconds: 300 })).toBe('every 5m');
    expect(describeSchedule({ kind: 'every', everySeconds: 7200 })).toBe('every 2h');
    expect(describeSchedule({ kind: 'cron', expr: '0 9 * * *', tz: 'UTC' })).toBe("cron '0 9 * * *' (UTC)");
    expect(describeSchedule({ kind: 'at', atMs: Date.UTC(2026, 0, 1) })).toBe('at 2026-01-01T00:00:00.000Z');
  });
});
