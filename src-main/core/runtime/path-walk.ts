// Walks a dot path through a snapshot value with the spec's two "not found" errors.
import { errResult, okResult, type Result } from '../lib/result';
import { isPlainObject } from './value-format';

function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * Follows `segments` from `root`. A mapping without the segment → `Error: '<segment>' not found in mapping`;
 * a scalar (or a list without that index) → `Error: '<segment>' not found`. Only own properties are read.
 */
export function walkPath(root: unknown, segments: readonly string[]): Result<unknown, string> {
  let current = root;
  for (const segment of segments) {
    if (isPlainObject(current)) {
      if (!hasOwn(current, segment)) return errResult(`Error: '${segment}' not found in mapping`);
      current = current[segment];
    } else if (Array.isArray(current) && /^\d+$/.test(segment) && Number(segment) < current.length) {
      current = current[Number(segment)];
    } else {
      return errResult(`Error: '${segment}' not found`);
    }
  }
  return okResult(current);
}

/** Same as walkPath but the root is a mapping of top-level names (snapshot, then fallback pads). */
export function resolveKey(roots: readonly Record<string, unknown>[], segments: readonly string[]): Result<unknown, string> {
  const [first, ...rest] = segments;
  if (first === undefined) return errResult(`Error: '' not found in mapping`);
  const root = roots.find((r) => hasOwn(r, first));
  if (!root) return errResult(`Error: '${first}' not found in mapping`);
  return walkPath(root[first], rest);
}
