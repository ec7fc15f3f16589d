// Structural screening of untrusted payloads before schema validation: size, depth, prototype-pollution keys.
import { LIMITS } from '../../../src-preload/contract/limits';

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_ARRAY_ITEMS = 10_000;

/** Why a payload is refused before parsing, or undefined when it is structurally acceptable. */
export function screenPayload(raw: unknown): string | undefined {
  let chars = 0;
  const visit = (value: unknown, depth: number, path: string): string | undefined => {
    if (depth > LIMITS.payloadDepth) return `${path || 'payload'}: nested deeper than ${LIMITS.payloadDepth} levels`;
    if (typeof value === 'string') {
      chars += value.length;
      return chars > LIMITS.payloadChars ? 'payload is too large' : undefined;
    }
    if (value === null || typeof value !== 'object') {
      chars += 8;
      return undefined;
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY_ITEMS) return `${path || 'payload'}: more than ${MAX_ARRAY_ITEMS} items`;
      for (let i = 0; i < value.length; i++) {
        const problem = visit(value[i], depth + 1, `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return `${path || 'payload'}: only plain objects are accepted`;
    // Own keys including `__proto__` created by JSON.parse (it is an own property there, not the prototype).
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') return `${path || 'payload'}: symbol keys are not accepted`;
      if (FORBIDDEN_KEYS.has(key)) return `${path ? `${path}.` : ''}${key}: this key name is not allowed`;
      chars += key.length;
      const problem = visit((value as Record<string, unknown>)[key], depth + 1, path ? `${path}.${key}` : key);
      if (problem) return problem;
    }
    return undefined;
  };
  return visit(raw, 0, '');
}
