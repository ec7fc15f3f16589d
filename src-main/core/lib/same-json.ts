// Whether two JSON-like values are equal whatever the order of their object keys.

/** The value with every object's keys sorted, so JSON.stringify gives one spelling per value. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Deep equality of JSON data (objects, arrays, strings, numbers, booleans, null); key order does not count. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}
