// The retry schedule of each mode, without any real waiting.
import { describe, expect, it } from 'vitest';
import { retryDelayMs, runWithRetry } from '../../../src-main/core/model/providers/retry-policy';
import type { ClassifiedError } from '../../../src-main/core/model/providers/provider-errors';

const transient: ClassifiedError = { kind: 'server', status: 503, message: 'busy', transient: true };
const fatal: ClassifiedError = { kind: 'auth', status: 401, message: 'bad key', transient: false };

describe('retryDelayMs', () => {
  it('standard: 1, 2, 4 s, then gives up; retry-after wins (capped at 60 s)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs('standard', n, transient, n))).toEqual([1000, 2000, 4000, undefined]);
    expect(retryDelayMs('standard', 1, { ...transient, retryAfterMs: 5500 }, 1)).toBe(5500);
    expect(retryDelayMs('standard', 1, { ...transient, retryAfterMs: 3_600_000 }, 1)).toBe(60_000);
  });

  it('persistent: doubles up to 60 s and stops at the 10th identical error', () => {
    expect([1, 2, 3, 6, 7, 9].map((n) => retryDelayMs('persistent', n, transient, 1))).toEqual([1000, 2000, 4000, 32_000, 60_000, 60_000]);
    expect(retryDelayMs('persistent', 9, transient, 9)).toBe(60_000);
    expect(retryDelayMs('persistent', 10, transient, 10)).toBeUndefined();
  });

  it('never retries in none mode or for a non-transient error', () => {
    expect(retryDelayMs('none', 1, transient, 1)).toBeUndefined();
    expect(retryDelayMs('standard', 1, fatal, 1)).toBeUndefined();
    expect(retryDelayMs('persistent', 1, fatal, 1)).toBeUndefined();
  });
});

describe('runWithRetry', () => {
  it('counts identical errors in a row; a different error resets the count', async () => {
    const errors: ClassifiedError[] = [
      ...Array.from({ length: 5 }, () => transient),
      { ...transient, status: 502, message: 'gateway' },
      ...Array.from({ length: 10 }, () => transient),
    ];
    let calls = 0;
    const waits: number[] = [];
    const result = await runWithRetry(
      async () => {
        const error = errors[calls++];
        return error ? { ok: false as const, error: { error, retryable: true } } : { ok: true as const, value: 'never' };
      },
      { mode: 'persistent', sleep: async (ms) => void waits.push(ms) },
    );
    expect(calls).toBe(16);
    expect(waits).toHaveLength(15);
    expect(result).toEqual({ ok: false, error: { kind: 'server', status: 503, message: 'busy Tried 16 times.', transient: true } });
  });

  it('stops waiting when the signal fires during a wait', async () => {
    const controller = new AbortController();
    const result = await runWithRetry(async () => ({ ok: false as const, error: { error: transient, retryable: true } }), {
      mode: 'persistent',
      signal: controller.signal,
      sleep: async () => controller.abort(),
    });
    expect(result).toEqual({ ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.', transient: false } });
  });
});
