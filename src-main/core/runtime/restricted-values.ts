// Validation of values for the restricted runtime keys: type first, then range (spec steps 6 and 7).
import { CONFIG_BOUNDS, PROVIDER_RETRY_MODES, TEXT_LIMITS, type Bounds } from '../../../src-preload/contract/config-bounds';
import { errResult, okResult, type Result } from '../lib/result';
import { typeName } from './value-format';

/** Integer keys with their allowed range (spec step 6): the same bounds as config.json. */
export const INT_RANGES: Readonly<Record<string, Bounds>> = {
  max_iterations: CONFIG_BOUNDS.maxIterations,
  context_window_tokens: CONFIG_BOUNDS.contextWindowTokens,
};

export type ProviderRetryMode = (typeof PROVIDER_RETRY_MODES)[number];

/** The smallest max_tool_result_chars the loop can work with (config's floor). */
const MIN_TOOL_RESULT_CHARS = CONFIG_BOUNDS.maxToolResultChars.min;

/**
 * An int in [min, max]. A boolean is never an int; a numeric string is converted (`"80"` → 80);
 * any other string, a float or null is a type error.
 */
export function coerceRangedInt(key: string, value: unknown, min: number, max: number): Result<number, string> {
  let n: number | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) n = value;
  else if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) n = Number(value.trim());
  if (n === undefined || !Number.isSafeInteger(n)) return errResult(`Error: '${key}' must be int, got ${typeName(value)}`);
  if (n < min) return errResult(`Error: '${key}' must be >= ${min}`);
  if (n > max) return errResult(`Error: '${key}' must be <= ${max}`);
  return okResult(n);
}

/** `model`: a non-empty string of at most TEXT_LIMITS.name characters. */
export function validateModelName(value: unknown): Result<string, string> {
  if (typeof value !== 'string') return errResult(`Error: 'model' must be string, got ${typeName(value)}`);
  const name = value.trim();
  if (!name) return errResult(`Error: 'model' must be a non-empty string`);
  if (name.length > TEXT_LIMITS.name) return errResult(`Error: 'model' must be at most ${TEXT_LIMITS.name} characters (a model name)`);
  return okResult(name);
}

/** Step 7: the new value's type must match the current one (no conversion). */
export function expectSameType(key: string, current: unknown, value: unknown): Result<unknown, string> {
  const expected = typeName(current);
  const got = typeName(value);
  return expected === got ? okResult(value) : errResult(`Error: '${key}' expects ${expected}, got ${got}`);
}

/** `provider_retry_mode`: a string naming one of the retry modes. */
export function validateRetryMode(current: unknown, value: unknown): Result<ProviderRetryMode, string> {
  const typed = expectSameType('provider_retry_mode', current, value);
  if (!typed.ok) return typed;
  const mode = PROVIDER_RETRY_MODES.find((m) => m === value);
  return mode
    ? okResult(mode)
    : errResult(`Error: 'provider_retry_mode' must be one of: ${PROVIDER_RETRY_MODES.join(', ')}`);
}

/** `max_tool_result_chars`: an int (type must match) of at least 100. */
export function validateToolResultChars(current: unknown, value: unknown): Result<number, string> {
  const typed = expectSameType('max_tool_result_chars', current, value);
  if (!typed.ok) return typed;
  const n = value as number; // typeName(value) === 'int' was checked above
  if (n < MIN_TOOL_RESULT_CHARS) return errResult(`Error: 'max_tool_result_chars' must be >= ${MIN_TOOL_RESULT_CHARS}`);
  return okResult(n);
}

/** `workspace` (display only): a string, like the current value. */
export function validateWorkspaceDisplay(current: unknown, value: unknown): Result<string, string> {
  const typed = expectSameType('workspace', current, value);
  if (!typed.ok) return typed;
  const text = (value as string).trim(); // typeName(value) === 'string' was checked above
  return text ? okResult(text) : errResult(`Error: 'workspace' must be a non-empty string`);
}
