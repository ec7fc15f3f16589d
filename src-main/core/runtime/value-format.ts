// How the runtime policy prints values: compact JSON, with large mappings and lists summarised.

/** A mapping with more keys than this prints as its key list. */
export const MAX_INLINE_MAPPING_KEYS = 5;
/** A mapping whose JSON is longer than this prints as its key list. */
export const MAX_INLINE_JSON_CHARS = 200;
/** How many keys a summarised mapping lists. */
export const MAX_LISTED_KEYS = 15;
/** A list with more items than this prints as `[N items]`. */
export const MAX_INLINE_LIST_ITEMS = 20;

/** True for `{}`-style objects (not arrays, not class instances, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Compact JSON (`"text"`, `true`, `null`, `{"a":1}`); `undefined` prints as `null`. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : text;
}

/**
 * A value as the policy prints it: JSON, except a mapping of more than 5 keys (or whose JSON is
 * over 200 chars) prints as `{k1, k2, …}` (first 15 keys) and a list of more than 20 items as `[N items]`.
 */
export function formatValue(value: unknown): string {
  if (Array.isArray(value) && value.length > MAX_INLINE_LIST_ITEMS) return `[${value.length} items]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    const json = toJson(value);
    if (keys.length > MAX_INLINE_MAPPING_KEYS || json.length > MAX_INLINE_JSON_CHARS) {
      const listed = keys.slice(0, MAX_LISTED_KEYS).join(', ');
      return `{${listed}${keys.length > MAX_LISTED_KEYS ? ', …' : ''}}`;
    }
    return json;
  }
  return toJson(value);
}

/** A Python-style type name for error messages: bool, int, float, string, null, list, object. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'object' : typeof value;
}
