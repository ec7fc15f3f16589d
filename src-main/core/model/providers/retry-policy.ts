// When a failed model call is tried again: `standard` (1, 2, 4 s), `persistent` (capped, until 10 identical
// errors) or `none`. Waiting goes through an injectable sleep so tests never wait for real.
import type { ProviderError } from '../llm-provider';
import type { ClassifiedError } from './provider-errors';
import { cancelledError } from './provider-errors';
import type { Result } from '../../lib/result';

export type RetryMode = 'standard' | 'persistent' | 'none';

/** Resolves after `ms`, or early (rejecting nothing) when the signal fires. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const STANDARD_DELAYS_MS = [1000, 2000, 4000] as const;
/**
 * A server that does not answer in time is asked once more in `standard` mode, not three times: with the
 * default 40 s timeouts a dead server costs about 80 s in all, not minutes.
 */
export const STANDARD_TIMEOUT_RETRIES = 1;
export const PERSISTENT_MAX_WAIT_MS = 60_000;
export const PERSISTENT_MAX_IDENTICAL = 10;
/** Safety net for `persistent` when errors keep changing. */
export const PERSISTENT_MAX_ATTEMPTS = 100;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

function sameError(a: ProviderError, b: ProviderError): boolean {
  return a.kind === b.kind && a.status === b.status && a.message === b.message;
}

/**
 * The wait before the next attempt, or undefined to give up.
 * @param failures how many attempts have failed so far (1 after the first failure)
 * @param identical how many consecutive failures had exactly this error (1 = first time)
 */
export function retryDelayMs(mode: RetryMode, failures: number, error: ClassifiedError, identical: number): number | undefined {
  if (!error.transient || mode === 'none') return undefined;
  if (mode === 'standard') {
    if (error.kind === 'timeout' && identical > STANDARD_TIMEOUT_RETRIES) return undefined;
    const base = STANDARD_DELAYS_MS[failures - 1];
    if (base === undefined) return undefined;
    return Math.min(error.retryAfterMs ?? base, PERSISTENT_MAX_WAIT_MS);
  }
  if (identical >= PERSISTENT_MAX_IDENTICAL || failures >= PERSISTENT_MAX_ATTEMPTS) return undefined;
  const backoff = 1000 * 2 ** Math.min(failures - 1, 10);
  return Math.min(error.retryAfterMs ?? backoff, PERSISTENT_MAX_WAIT_MS);
}

export interface RetryOptions {
  mode: RetryMode;
  sleep: Sleep;
  signal?: AbortSignal;
  onRetry?(attempt: number, waitMs: number, error: ProviderError): void;
}

/** Marks an attempt whose failure must not be retried (e.g. text was already streamed to the user). */
export interface AttemptFailure {
  error: ClassifiedError;
  retryable: boolean;
}

/** Runs `attempt` until it succeeds or the policy gives up; returns the last error. */
export async function runWithRetry<T>(
  attempt: (n: number) => Promise<Result<T, AttemptFailure>>,
  options: RetryOptions,
): Promise<Result<T, ClassifiedError>> {
  let failures = 0;
  let identical = 0;
  let previous: ProviderError | undefined;
  for (;;) {
    if (options.signal?.aborted) return { ok: false, error: cancelledError() };
    const result = await attempt(failures + 1);
    if (result.ok) return result;
    const { error, retryable } = result.error;
    const { retryAfterMs: _ignored, ...plain } = error;
    if (error.kind === 'cancelled' || !retryable) return { ok: false, error };
    failures++;
    identical = previous && sameError(previous, error) ? identical + 1 : 1;
    previous = plain;
    const wait = retryDelayMs(options.mode, failures, error, identical);
    if (wait === undefined) return { ok: false, error: failures > 1 ? { ...error, message: `${error.message} Tried ${failures} times.` } : error };
    options.onRetry?.(failures, wait, plain);
    await options.sleep(wait, options.signal);
    if (options.signal?.aborted) return { ok: false, error: cancelledError() };
  }
}
