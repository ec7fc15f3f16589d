// Exhaustiveness check for closed unions in the window: a new member that is not handled fails to compile.

/** Call in the `default` of a switch over a union; throws if reached at run time (a value outside the type). */
export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
