// V8 flags a command sets once it runs (the daemon's memory settings), recorded where bin/bundle-loader.mjs reads them.
import { setFlagsFromString } from 'node:v8';

/**
 * Shared with bin/bundle-loader.mjs by its registry name: V8 refuses compiled code made under other flags, so code
 * compiled after a change is kept under its own name, and the one-shot commands' compiled code is left alone.
 */
const RUNTIME_V8_FLAGS = Symbol.for('nanotray.runtimeV8Flags');

/** Sets each V8 flag for the rest of the process and records it (in order) for the bundle loader's cache names. */
export function setRuntimeV8Flags(...flags: string[]): void {
  const store = globalThis as { [RUNTIME_V8_FLAGS]?: string[] };
  const recorded = (store[RUNTIME_V8_FLAGS] ??= []);
  for (const flag of flags) {
    setFlagsFromString(flag);
    recorded.push(flag);
  }
}
