// The per-session scratchpad of the `my` tool: up to 64 JSON-safe values, 10 levels deep, memory only.
import { errResult, okResult, type Result } from '../lib/result';
import { isForbiddenSegment, notAccessible } from './key-screens';
import { isPlainObject, toJson } from './value-format';

export const MAX_SCRATCHPAD_KEYS = 64;
export const MAX_SCRATCHPAD_DEPTH = 10;
/** Guard against one value eating memory; far above what a note needs. */
export const MAX_SCRATCHPAD_VALUE_CHARS = 32_000;
export const MAX_SCRATCHPAD_KEY_CHARS = 100;

export const SCRATCHPAD_FULL_ERROR = `Error: scratchpad is full (max ${MAX_SCRATCHPAD_KEYS} keys). Remove unused keys first.`;
export const SCRATCHPAD_DEPTH_ERROR = `Error: value nesting too deep (max ${MAX_SCRATCHPAD_DEPTH} levels)`;

function notJsonSafe(kind: string): string {
  return `Error: value is not JSON-safe (got ${kind}); use strings, numbers, booleans, null, lists and plain objects`;
}

function describeUnsafe(value: unknown): string {
  if (typeof value === 'function') return 'function';
  if (typeof value === 'number') return String(value); // NaN, Infinity
  if (typeof value !== 'object' || value === null) return typeof value;
  const ctor = (value as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' && ctor.name ? ctor.name : 'object';
}

/**
 * Why `value` cannot go into the scratchpad, or undefined when it can. Containers count one level
 * each (`{"a":{"b":1}}` is 2 levels); names that are sensitive or prototype-like are refused at any depth.
 */
export function scratchpadValueError(value: unknown, level = 0): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : notJsonSafe(describeUnsafe(value));
  const isList = Array.isArray(value);
  if (!isList && !isPlainObject(value)) return notJsonSafe(describeUnsafe(value));
  if (level + 1 > MAX_SCRATCHPAD_DEPTH) return SCRATCHPAD_DEPTH_ERROR;
  if (isList) {
    for (const item of value) {
      const error = scratchpadValueError(item, level + 1);
      if (error) return error;
    }
    return undefined;
  }
  for (const [name, item] of Object.entries(value)) {
    if (isForbiddenSegment(name)) return notAccessible(name);
    const error = scratchpadValueError(item, level + 1);
    if (error) return error;
  }
  return undefined;
}

/** A detached copy of a JSON-safe value. */
function detach<T>(value: T): T {
  return JSON.parse(toJson(value)) as T;
}

export interface ScratchpadWrite {
  /** The key existed before this write. */
  existed: boolean;
  previous: unknown;
}

/** All scratchpads of the instance, one per session key; lost when the process ends. */
export class ScratchpadStore {
  #pads = new Map<string, Map<string, unknown>>();

  /** A detached copy of the session's pad (insertion order). */
  entries(sessionKey: string): Record<string, unknown> {
    const pad = this.#pads.get(sessionKey);
    const out: Record<string, unknown> = {};
    if (pad) for (const [k, v] of pad) out[k] = detach(v);
    return out;
  }

  has(sessionKey: string, key: string): boolean {
    return this.#pads.get(sessionKey)?.has(key) ?? false;
  }

  size(sessionKey: string): number {
    return this.#pads.get(sessionKey)?.size ?? 0;
  }

  /** Stores a detached copy of `value`; refuses unsafe values, too-deep values and a 65th key. */
  set(sessionKey: string, key: string, value: unknown): Result<ScratchpadWrite, string> {
    if (key.length > MAX_SCRATCHPAD_KEY_CHARS) {
      return errResult(`Error: scratchpad key is too long (max ${MAX_SCRATCHPAD_KEY_CHARS} characters)`);
    }
    const unsafe = scratchpadValueError(value);
    if (unsafe) return errResult(unsafe);
    const json = toJson(value);
    if (json.length > MAX_SCRATCHPAD_VALUE_CHARS) {
      return errResult(`Error: value too large (max ${MAX_SCRATCHPAD_VALUE_CHARS} characters of JSON)`);
    }
    let pad = this.#pads.get(sessionKey);
    const existed = pad?.has(key) ?? false;
    if (!existed && (pad?.size ?? 0) >= MAX_SCRATCHPAD_KEYS) return errResult(SCRATCHPAD_FULL_ERROR);
    if (!pad) {
      pad = new Map();
      this.#pads.set(sessionKey, pad);
    }
    const previous = existed ? detach(pad.get(key)) : undefined;
    pad.set(key, JSON.parse(json));
    return okResult({ existed, previous });
  }

  /** Removes one key; true when it existed. */
  remove(sessionKey: string, key: string): boolean {
    return this.#pads.get(sessionKey)?.delete(key) ?? false;
  }

  /** Drops a session's pad (e.g. when the session is deleted). */
  clear(sessionKey: string): void {
    this.#pads.delete(sessionKey);
  }
}
