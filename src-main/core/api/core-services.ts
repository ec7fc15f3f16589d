// Typed access to the feature services installed on the core. Services land independently; until one is
// installed its getter returns undefined and the handlers answer `unavailable`.
import type { CoreBase } from '../nanotray-core';

/** Looks up an installed service by its field name on the core (undefined when not installed). */
export function serviceOf<T>(core: CoreBase, name: string): T | undefined {
  // The core is a plain object; services are optional fields added by their install* functions.
  const value = (core as unknown as Record<string, unknown>)[name];
  return value && typeof value === 'object' ? (value as T) : undefined;
}

/** True when `service[method]` is a function (guards calls into services whose API may still grow). */
export function hasMethod<K extends string>(service: unknown, method: K): service is Record<K, (...args: never[]) => unknown> {
  return Boolean(service) && typeof (service as Record<string, unknown>)[method] === 'function';
}
