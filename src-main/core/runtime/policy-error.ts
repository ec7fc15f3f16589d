// Why the runtime policy refused a check or a set: a closed set of codes, the spec's exact text, the audit outcome.
import { assertNever } from '../lib/assert-never';
import type { CoreError } from '../lib/core-error';
import type { AuditOutcome } from '../store/audit.repo';
import { toolError, type ToolError } from '../lib/tool-error';

/**
 * - `disabled`: a set while `tools.my.allowSet` is false;
 * - `blocked`: an internal, a sensitive or a prototype-like name (never read, never changed);
 * - `read_only`: visible to check, refused by set;
 * - `in_session`: `model` / `context_window_tokens` during an active session (a preset is the way);
 * - `invalid`: an empty key, a wrong type, a value out of range, a full scratchpad, an unsafe value;
 * - `not_found`: a path segment, request field or preset that does not exist;
 * - `unavailable`: `request.*` while no request is bound.
 */
export type PolicyErrorCode = 'disabled' | 'blocked' | 'read_only' | 'in_session' | 'invalid' | 'not_found' | 'unavailable';

/** A policy refusal; `message` is the spec's exact `Error: …` text (what the model and the panel show). */
export type PolicyError = CoreError<PolicyErrorCode>;

export function policyError(code: PolicyErrorCode, message: string): PolicyError {
  return { code, message };
}

/** The outcome a refused set is audited with. */
export function auditOutcomeOf(code: PolicyErrorCode): Exclude<AuditOutcome, 'accepted'> {
  switch (code) {
    case 'disabled':
    case 'blocked':
    case 'read_only':
      return code;
    case 'in_session':
    case 'invalid':
    case 'not_found':
    case 'unavailable':
      return 'rejected';
    default:
      return assertNever(code);
  }
}

/** A policy refusal as the `my` tool reports it (same text). */
export function toolErrorOfPolicy(error: PolicyError): ToolError {
  switch (error.code) {
    case 'disabled':
      return toolError('disabled', error.message);
    case 'blocked':
    case 'read_only':
    case 'in_session':
      return toolError('refused', error.message);
    case 'invalid':
      return toolError('invalid_args', error.message);
    case 'not_found':
      return toolError('not_found', error.message);
    case 'unavailable':
      return toolError('unavailable', error.message);
    default:
      return assertNever(error.code);
  }
}
