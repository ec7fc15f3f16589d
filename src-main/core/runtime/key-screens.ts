// The three screens of the runtime policy: blocked internals, read-only keys and sensitive names.
// A key is a dot path; every segment is screened before anything is walked or changed. Sensitive names are the
// secret keys of lib/secret-names.ts (refused at any depth, matched whole, any case or spelling).
import { isSecretKey } from '../lib/secret-names';

/** The agent's internals: neither readable nor writable (first segment of a key, any case). */
export const BLOCKED_KEYS: ReadonlySet<string> = new Set([
  'bus',
  'provider',
  'providers',
  'tools',
  'runner',
  'sessions',
  'context',
  'commands',
  'restrict_to_workspace',
  'channels_config',
  'store',
  'config',
  'secrets',
  'mcp',
  'mcp_servers',
  'db',
  'events',
  'overrides',
  'approvals',
  'env',
]);

/** Visible to `check`, refused by `set` (first segment of a key). */
export const READ_ONLY_KEYS: ReadonlySet<string> = new Set([
  'subagents',
  'tool_names',
  'current_iteration',
  '_current_iteration',
  '_last_usage',
  'exec_config',
  'web_config',
  'model_presets',
  'request',
]);

/** JS names that reach an object's prototype machinery. */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** True for `__anything`, `prototype` and `constructor`. */
export function isPrototypeLike(segment: string): boolean {
  return segment.startsWith('__') || PROTOTYPE_NAMES.has(segment.toLowerCase());
}

/** True for an internal the policy never exposes (compared case-insensitively). */
export function isBlockedName(segment: string): boolean {
  return BLOCKED_KEYS.has(segment.toLowerCase());
}

/** True for a top-level key `set` always refuses as read-only. */
export function isReadOnlyName(segment: string): boolean {
  return READ_ONLY_KEYS.has(segment.toLowerCase());
}

/** A segment no path may contain at any depth: sensitive or prototype-like. */
export function isForbiddenSegment(segment: string): boolean {
  return isSecretKey(segment) || isPrototypeLike(segment);
}

/** Splits a trimmed key into its dot segments (`a.b.c` → ['a','b','c']). */
export function splitKey(key: string): string[] {
  return key.trim().split('.');
}

/**
 * The first segment of `segments` a `check` must refuse, or undefined when all pass:
 * a blocked first segment, or a sensitive / prototype-like segment at any depth.
 */
export function firstRefusedSegment(segments: readonly string[]): string | undefined {
  const [first] = segments;
  if (first !== undefined && isBlockedName(first)) return first;
  return segments.find((s) => isForbiddenSegment(s));
}

/** `Error: '<name>' is not accessible` — the answer to every refused name. */
export function notAccessible(name: string): string {
  return `Error: '${name}' is not accessible`;
}
