// Errors as values: a code for programs (a closed union per boundary) and a message for people.
import type { Result } from './result';

/**
 * A failure that crosses a boundary. `code` is what programs branch on (each boundary names its own closed
 * union: tool results, runtime policy, services); `message` is for people (or the model) and is never parsed.
 */
export interface CoreError<C extends string> {
  readonly code: C;
  readonly message: string;
}

/** Builds a CoreError. */
export function coreError<C extends string>(code: C, message: string): CoreError<C> {
  return { code, message };
}

/** A failed Result carrying a CoreError. */
export function failure<C extends string>(code: C, message: string): Result<never, CoreError<C>> {
  return { ok: false, error: { code, message } };
}

/**
 * What a core service (cron, approvals, memory files, config, subagents) fails with. Each code means one thing
 * everywhere; `core/api/error-table.ts` turns them into IPC errors:
 * - `invalid`: the input is wrong (a schedule, a host, a config value, an empty task);
 * - `not_found`: what it names does not exist (any more);
 * - `conflict`: it changed meanwhile, or something running stands in the way;
 * - `refused`: a rule does not allow it (a path outside the workspace, an answer that is not offered);
 * - `unavailable`: something it needs is not there now (a free subagent slot, a provider);
 * - `failed`: it was tried and did not work (a write, a read).
 */
export type ServiceErrorCode = 'invalid' | 'not_found' | 'conflict' | 'refused' | 'unavailable' | 'failed';

/** A service failure; narrow `C` to the codes a function can really return. */
export type ServiceError<C extends ServiceErrorCode = ServiceErrorCode> = CoreError<C>;
