// Why a tool call failed: the closed set of codes programs branch on, and the constructors of such errors.
import { assertNever } from './assert-never';
import type { ToolErrorCodeValue } from '../../../src-preload/contract/error-schemas';
import type { CoreError, ServiceError } from './core-error';

/**
 * Why a tool call did not give a result, for programs (the model reads the message):
 * - `invalid_args`: the arguments are wrong (bad JSON, schema, an offset past the end, an edit that does not apply);
 * - `not_found`: the tool, file, folder, job or key does not exist;
 * - `denied`: the user answered no, or did not answer in time;
 * - `needs_approval`: it needs the user's yes, and nobody can give one in this run (heartbeat, cron, subagent, CLI);
 * - `refused`: a rule refused it without asking (approval read-only mode, the workspace fence, a protected file, a
 *   secret in the arguments, an exec pattern, a blocked address, a `my` key that is blocked or read-only);
 * - `disabled`: switched off in config; `unavailable`: something it needs is not there now (an MCP server, a shell);
 * - `unsupported`: the target is nothing this tool handles (a binary or huge file, a non-text page);
 * - `timeout`, `cancelled` (the turn was stopped), `failed` (it ran and failed).
 */
export type ToolErrorCode = ToolErrorCodeValue; // one definition: the contract's toolErrorCodeSchema (tool.finished carries it)

/** A tool failure; `message` is full model-facing text starting with "Error". */
export type ToolError = CoreError<ToolErrorCode>;

/** A tool error; `message` should already read like `Error: …` (the prefix is added when missing) and say what to try. */
export function toolError(code: ToolErrorCode, message: string): ToolError {
  return { code, message: message.startsWith('Error') ? message : `Error: ${message}` };
}

/** A service's failure as the tool reports it to the model (same message, the matching tool code). */
export function toolErrorOfService(error: ServiceError): ToolError {
  switch (error.code) {
    case 'invalid':
      return toolError('invalid_args', error.message);
    case 'not_found':
      return toolError('not_found', error.message);
    case 'refused':
      return toolError('refused', error.message);
    case 'unavailable':
      return toolError('unavailable', error.message);
    case 'conflict':
    case 'failed':
      return toolError('failed', error.message);
    default:
      return assertNever(error.code);
  }
}
